import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isRefusedAddress } from './url-guard.js';

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

  it('takes http and https only, and allows private addresses when told to', async () => {
    await expect(checkWebhookUrl('gopher://93.184.216.34/', false)).rejects.toMatchObject({ code: 'WEBHOOK_URL_INVALID' });
    await expect(checkWebhookUrl('file:///etc/passwd', true)).rejects.toMatchObject({ code: 'WEBHOOK_URL_INVALID' });
    await expect(checkWebhookUrl('http://127.0.0.1/', false)).rejects.toMatchObject({ code: 'WEBHOOK_URL_REFUSED' });
    expect((await checkWebhookUrl('http://127.0.0.1:8080/x', true)).port).toBe('8080');
    expect((await checkWebhookUrl('https://93.184.216.34/x', false)).hostname).toBe('93.184.216.34');
  });
});
