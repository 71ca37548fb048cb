import { describe, expect, it } from 'vitest';
import type { LookupAddress } from 'node:dns';
import { checkWebhookUrl, embeddedIpv4, guardedLookupWith, isRefusedAddress } from './url-guard.js';

/** IPv6 forms that carry 127.0.0.1 (decision 210). */
const LOOPBACK_IN_IPV6 = [
  '::127.0.0.1',
  '::7f00:1',
  '::ffff:0:7f00:1',
  '::ffff:0:127.0.0.1',
  '64:ff9b::7f00:1',
  '64:ff9b::127.0.0.1',
  '2002:7f00:1::',
  '2002:7f00:1:1234::5',
  // Teredo: server 127.0.0.1, or the client (stored inverted: ~80ff:fffe = 127.0.0.1).
  '2001:0:7f00:1::1',
  '2001:0:4136:e378:8000:63bf:80ff:fffe',
];

describe('the webhook URL guard', () => {
  it('refuses loopback, private, link-local, shared, multicast and unspecified addresses', () => {
    for (const a of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      'not-an-ip',
    ]) {
      expect(isRefusedAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:8.8.8.8']) {
      expect(isRefusedAddress(a), a).toBe(false);
    }
  });

  it('judges an IPv6 address that embeds an IPv4 address by the IPv4 address', () => {
    for (const a of LOOPBACK_IN_IPV6) expect(isRefusedAddress(a), a).toBe(true);
    for (const a of ['::a9fe:a9fe', '64:ff9b::10.1.2.3', '2002:c0a8:101::1', '2001:0:a00:1::', '64:ff9b:1::8.8.8.8']) {
      expect(isRefusedAddress(a), a).toBe(true);
    }
    // The same forms around a public address are fine.
    for (const a of ['::8.8.8.8', '::ffff:0:808:808', '64:ff9b::808:808', '2002:808:808::1', '2001:0:808:808:0:0:f7f7:f7f7']) {
      expect(isRefusedAddress(a), a).toBe(false);
    }
    expect(embeddedIpv4('2001:0:4136:e378:8000:63bf:80ff:fffe')).toEqual(['65.54.227.120', '127.0.0.1']);
    expect(embeddedIpv4('2606:2800:220:1:248:1893:25c8:1946')).toBeNull();
  });

  it('refuses such URLs when an endpoint is saved', async () => {
    for (const host of ['[::127.0.0.1]', '[::7f00:1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::]', '[::ffff:0:7f00:1]']) {
      await expect(checkWebhookUrl(`http://${host}:8080/hook`, false), host).rejects.toMatchObject({ code: 'WEBHOOK_URL_REFUSED' });
    }
    expect((await checkWebhookUrl('http://[64:ff9b::808:808]/hook', false)).hostname).toBe('[64:ff9b::808:808]');
  });

  it('refuses, at send time, a name that resolves to such an address', async () => {
    const lookup = (answer: string) =>
      new Promise<Error | null>((resolve) => {
        const resolver = (_h: string, _o: unknown, cb: (e: Error | null, a: LookupAddress[]) => void) =>
          cb(null, [{ address: answer, family: 6 }]);
        guardedLookupWith(resolver)('hooks.example.com', { all: true }, (err) => resolve(err));
      });
    for (const address of LOOPBACK_IN_IPV6) expect(await lookup(address), address).toMatchObject({ code: 'WEBHOOK_ADDRESS_REFUSED' });
    expect(await lookup('64:ff9b::808:808')).toBeNull();
  });

  it('takes http and https only, and allows private addresses when told to', async () => {
    await expect(checkWebhookUrl('gopher://93.184.216.34/', false)).rejects.toMatchObject({ code: 'WEBHOOK_URL_INVALID' });
    await expect(checkWebhookUrl('file:///etc/passwd', true)).rejects.toMatchObject({ code: 'WEBHOOK_URL_INVALID' });
    await expect(checkWebhookUrl('http://127.0.0.1/', false)).rejects.toMatchObject({ code: 'WEBHOOK_URL_REFUSED' });
    expect((await checkWebhookUrl('http://127.0.0.1:8080/x', true)).port).toBe('8080');
    expect((await checkWebhookUrl('https://93.184.216.34/x', false)).hostname).toBe('93.184.216.34');
  });
});
