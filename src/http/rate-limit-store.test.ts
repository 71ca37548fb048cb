import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedis, type RedisHandle } from '../platform/redis.js';
import { SharedCounters } from './rate-limit-store.js';

const url = process.env.LAUREL_TEST_REDIS_URL;

// The counters need a real Redis: they run where the scale-mode suites run.
describe.runIf(url)('rate-limit counters shared through Redis', () => {
  let redis: RedisHandle;
  let other: RedisHandle;
  const prefix = `test:${randomUUID()}:`;

  beforeAll(async () => {
    redis = await openRedis(url!, prefix);
    other = await openRedis(url!, prefix);
  });
  afterAll(async () => {
    const keys = await redis.client.keys(`${prefix}*`);
    if (keys.length > 0) await redis.client.del(...keys.map((k) => k.slice(prefix.length)));
    await Promise.all([redis.close(), other.close()]);
  });

  const count = (c: SharedCounters, key: string, max: number, window = 60_000) =>
    new Promise<number>((resolve, reject) => c.incr(key, (err, result) => (err ? reject(err) : resolve(result!.current)), window, max));
  const shared = async (key: string) => Number((await redis.client.get(key)) ?? 0);

  it('counts below the limit here and adds the counts to Redis at the next sync, in one go', async () => {
    const c = new SharedCounters(redis);
    const key = `k:${randomUUID()}`;
    expect(await count(c, key, 100)).toBe(1); // the first request of a window asks Redis
    expect(await shared(key)).toBe(1);
    const counts = [];
    for (let i = 0; i < 9; i++) counts.push(await count(c, key, 100));
    expect(counts).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await shared(key)).toBe(1); // not yet synced
    await c.sync();
    expect(await shared(key)).toBe(10);
    expect(await redis.client.pttl(key)).toBeGreaterThan(50_000);
    await c.close();
  });

  it('holds the limit exactly across instances once a count nears it', async () => {
    const a = new SharedCounters(redis);
    const b = new SharedCounters(other);
    const key = `k:${randomUUID()}`;
    const admitted = { a: 0, b: 0 };
    // A takes 7 of 10 (counted locally after the first), then syncs; B then counts its way to the limit.
    for (let i = 0; i < 7; i++) if ((await count(a, key, 10)) <= 10) admitted.a++;
    await a.sync();
    const seenByB = [];
    for (let i = 0; i < 5; i++) seenByB.push(await count(b, key, 10));
    expect(seenByB).toEqual([8, 9, 10, 11, 12]);
    // A is near the limit too: each of its requests is counted in Redis first, so it sees B's.
    expect(await count(a, key, 10)).toBe(13);
    expect(await shared(key)).toBe(13);
    await Promise.all([a.close(), b.close()]);
  });

  it('starts a new window exact once the old one ended', async () => {
    const c = new SharedCounters(redis);
    const key = `k:${randomUUID()}`;
    expect(await count(c, key, 100, 200)).toBe(1);
    expect(await count(c, key, 100, 200)).toBe(2);
    await c.sync();
    await new Promise((r) => setTimeout(r, 300));
    expect(await shared(key)).toBe(0); // expired in Redis
    expect(await count(c, key, 100, 200)).toBe(1);
    expect(await shared(key)).toBe(1);
    await c.close();
  });

  it('adds each count once, and what is pending when it closes', async () => {
    const c = new SharedCounters(redis);
    const key = `k:${randomUUID()}`;
    await count(c, key, 100);
    await count(c, key, 100);
    await c.sync();
    await c.sync(); // nothing pending: nothing added
    expect(await shared(key)).toBe(2);
    expect(await count(c, key, 100)).toBe(3);
    await c.close();
    expect(await shared(key)).toBe(3); // close adds what is pending
  });

  it('forgets ended windows at the sweep and keeps the live ones, pending counts included', async () => {
    const c = new SharedCounters(redis);
    const [ended, live] = [`k:${randomUUID()}`, `k:${randomUUID()}`];
    await count(c, ended, 100, 100);
    await count(c, live, 100);
    await count(c, live, 100); // pending until the next sync
    await new Promise((r) => setTimeout(r, 150));
    c.sweep();
    expect(c.size).toBe(1);
    expect(await count(c, live, 100)).toBe(3);
    await c.sync();
    expect(await shared(live)).toBe(3);
    await c.close();
  });

  it('adds a count once when an exact request carried it before the sync', async () => {
    const c = new SharedCounters(redis);
    const key = `k:${randomUUID()}`;
    for (let i = 0; i < 7; i++) await count(c, key, 10); // 1 exact, 6 pending
    expect(await count(c, key, 10)).toBe(8); // past 80 %: exact, carrying the 6
    expect(await shared(key)).toBe(8);
    await c.sync();
    expect(await shared(key)).toBe(8);
    await c.close();
  });
});
