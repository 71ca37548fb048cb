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
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  // Local-use NAT64 (RFC 8215): a translator of the network Laurel runs in.
  ['64:ff9b:1::', 48],
] as const) {
  refused.addSubnet(net, prefix, 'ipv6');
}

/** Whether an IP address is one webhooks may not reach (loopback, private, link-local, …). */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return refused.check(address, 'ipv4');
  if (family !== 6) return true;
  const embedded = embeddedIpv4(address);
  // An address that carries an IPv4 address reaches what that address reaches (decision 210).
  if (embedded !== null) return embedded.some((v4) => refused.check(v4, 'ipv4'));
  return refused.check(address, 'ipv6');
}

/**
 * The IPv4 addresses an IPv6 address embeds, or null when it embeds none: IPv4-compatible
 * (`::a.b.c.d`, which covers `::` and `::1`), IPv4-mapped (`::ffff:a.b.c.d`), IPv4-translated
 * (`::ffff:0:a.b.c.d`), NAT64 (`64:ff9b::/96`), 6to4 (`2002::/16`) and Teredo (`2001::/32`: its
 * server, and its client stored inverted).
 */
export function embeddedIpv4(address: string): string[] | null {
  const g = ipv6Groups(address);
  if (g === null) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 6)) return [v4(g[6]!, g[7]!)];
  if (zero(0, 5) && g[5] === 0xffff) return [v4(g[6]!, g[7]!)];
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return [v4(g[6]!, g[7]!)];
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return [v4(g[6]!, g[7]!)];
  if (g[0] === 0x2002) return [v4(g[1]!, g[2]!)];
  if (g[0] === 0x2001 && g[1] === 0) return [v4(g[2]!, g[3]!), v4(g[6]! ^ 0xffff, g[7]! ^ 0xffff)];
  return null;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted quad and a zone allowed), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.replace(/%.*$/, '');
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((h) => parseInt(h, 16)));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const fill = 8 - head.length - tail.length;
  if (halves.length === 1 ? fill !== 0 : fill < 1) return null;
  const groups = [...head, ...new Array<number>(halves.length === 2 ? fill : 0).fill(0), ...tail];
  return groups.every((x) => Number.isInteger(x) && x >= 0 && x <= 0xffff) ? groups : null;
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

/** The resolver `guardedLookupWith` asks (node:dns `lookup` with `all: true`). */
export type Resolver = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (err: Error | null, addresses: LookupAddress[]) => void,
) => void;

/** A `lookup` for http.request that refuses hosts resolving to a refused address. */
export const guardedLookup: LookupFunction = guardedLookupWith((hostname, options, callback) =>
  dnsLookup(hostname, options, (err, addresses) => callback(err, addresses)),
);

/** `guardedLookup` over another resolver (tests give it one that answers what they need). */
export function guardedLookupWith(resolve: Resolver): LookupFunction {
  return (hostname, options, callback) =>
    resolve(hostname, { ...(options as LookupOptions), all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      const bad = addresses.find((a) => isRefusedAddress(a.address));
      if (bad) return callback(new RefusedAddressError(hostname, bad.address), '', 4);
      if ((options as LookupOptions).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
}
