import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { AppError } from '../../http/errors.js';

/**
 * The SSRF guard of webhook URLs (decision 112): http(s) only, and no host that resolves to a
 * loopback, private, link-local, shared (CGNAT), multicast or otherwise reserved address, unless
 * WEBHOOK_ALLOW_PRIVATE=1. Checked when an endpoint is saved, and again at every connection (the
 * sender's `lookup` refuses such answers, and literal addresses are checked before connecting),
 * so a name that later resolves elsewhere (DNS rebinding) reaches nothing inside.
 */
const refused = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refused.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  refused.addSubnet(net, prefix, 'ipv6');
}

/** Whether an IP address is one webhooks may not reach (loopback, private, link-local, …). */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return refused.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return refused.check(mapped[1]!, 'ipv4');
  return refused.check(address, 'ipv6');
}

/** The host of a URL as a resolver or isIP takes it (`[::1]` → `::1`). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

const refusal = (host: string, address: string) =>
  AppError.of(
    'WEBHOOK_URL_REFUSED',
    `body/url: ${host} resolves to ${address}, a loopback, private or link-local address (set WEBHOOK_ALLOW_PRIVATE=1 to allow it)`,
  );

/** Parses and checks an endpoint URL when it is saved; throws a 400 naming the reason. */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw AppError.of('WEBHOOK_URL_INVALID', `body/url: "${raw}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw AppError.of('WEBHOOK_URL_INVALID', `body/url: only http and https URLs are allowed, got "${url.protocol}"`);
  }
  if (allowPrivate) return url;
  const host = hostOf(url);
  if (isIP(host)) {
    if (isRefusedAddress(host)) throw refusal(host, host);
    return url;
  }
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (err, list) => (err ? reject(err) : resolve(list))),
  ).catch(() => {
    throw AppError.of('WEBHOOK_URL_UNRESOLVABLE', `body/url: the host ${host} does not resolve`);
  });
  const bad = addresses.find((a) => isRefusedAddress(a.address));
  if (bad) throw refusal(host, bad.address);
  return url;
}

/** Thrown by the sender's lookup for a refused address (the attempt fails with this message). */
export class RefusedAddressError extends Error {
  readonly code = 'WEBHOOK_ADDRESS_REFUSED';
  constructor(host: string, address: string) {
    super(`refused address: ${host} resolves to ${address}`);
  }
}

/** A `lookup` for http.request that refuses hosts resolving to a refused address. */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...(options as LookupOptions), all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 4);
    const bad = addresses.find((a) => isRefusedAddress(a.address));
    if (bad) return callback(new RefusedAddressError(hostname, bad.address), '', 4);
    if ((options as LookupOptions).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};
