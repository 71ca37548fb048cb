import { describe, expect, it } from 'vitest';
import { TokenCache } from './token-cache.js';

/** Finding 10 of the fault review: 6,000 valid 12 KB tokens added ~72 MB to the verified-token cache. */
describe('verified-token cache', () => {
  const claims = (sub: string) => ({ sub, projectId: 'default' });
  const size = (c: { sub: string; projectId: string }) => 2 * (c.sub.length + c.projectId.length);
  const token = (i: number) => `${String(i).padStart(8, '0')}.${'x'.repeat(12 * 1024)}.sig`;

  it('stays within its byte budget under 6,000 distinct 12 KB tokens, keeping the newest', () => {
    const cache = new TokenCache(256 * 1024, size);
    for (let i = 0; i < 6_000; i++) cache.set(token(i), claims(`user-${i}`), 1e15, 0);
    expect(cache.bytes).toBeLessThanOrEqual(256 * 1024);
    expect(cache.count).toBeGreaterThan(500);
    expect(cache.count).toBeLessThan(6_000);
    expect(cache.get(token(5_999), 0)).toEqual(claims('user-5999'));
    expect(cache.get(token(0), 0)).toBeUndefined();
  });

  it('charges an entry by its claims, not by the length of the token', () => {
    const short = new TokenCache(1 << 20, size);
    const long = new TokenCache(1 << 20, size);
    short.set('a.b.c', claims('ann'), 1e15, 0);
    long.set(token(1), claims('ann'), 1e15, 0);
    expect(long.bytes).toBe(short.bytes);
  });

  it('holds fewer entries when their claims are large', () => {
    const cache = new TokenCache(256 * 1024, size);
    for (let i = 0; i < 1_000; i++) cache.set(token(i), claims(`${i}`.padEnd(5_000, 'u')), 1e15, 0);
    expect(cache.bytes).toBeLessThanOrEqual(256 * 1024);
    expect(cache.count).toBeLessThan(30);
  });

  it('forgets expired entries, and sweeps them as new ones come in', () => {
    const cache = new TokenCache(1 << 20, size);
    for (let i = 0; i < 100; i++) cache.set(token(i), claims(`u${i}`), 1_000, 0);
    expect(cache.get(token(1), 999)).toEqual(claims('u1'));
    expect(cache.get(token(1), 1_000)).toBeUndefined();
    cache.set(token(500), claims('fresh'), 5_000, 2_000);
    expect(cache.count).toBe(1);
  });
});
