import { describe, expect, it } from 'vitest';
import { laurelFetch, retryAfterMs, retryDelayMs } from './retry.js';

/** A fake service: answers the given statuses in turn and records every request it got. */
function service(...answers: Array<{ status: number; retryAfter?: string }>) {
  const got: Array<{ method: string; key: string | null; body: string }> = [];
  const fetch = async (request: Request) => {
    got.push({ method: request.method, key: request.headers.get('idempotency-key'), body: await request.text() });
    const a = answers[Math.min(got.length - 1, answers.length - 1)]!;
    return new Response(JSON.stringify({ status: a.status }), {
      status: a.status,
      headers: a.retryAfter === undefined ? {} : { 'retry-after': a.retryAfter },
    });
  };
  return { got, fetch };
}

describe('@laurel/client fetch: idempotency keys and retries', () => {
  it('puts one Idempotency-Key on a write and keeps it across retries, with the same body each time', async () => {
    const s = service({ status: 503 }, { status: 429 }, { status: 201 });
    const waits: number[] = [];
    const f = laurelFetch({ fetch: s.fetch, sleep: async (ms) => void waits.push(ms), newKey: () => 'key-1' });
    const res = await f(new Request('http://laurel.test/event', { method: 'POST', body: '{"eventId":"purchase"}' }));
    expect(res.status).toBe(201);
    expect(s.got).toEqual([
      { method: 'POST', key: 'key-1', body: '{"eventId":"purchase"}' },
      { method: 'POST', key: 'key-1', body: '{"eventId":"purchase"}' },
      { method: 'POST', key: 'key-1', body: '{"eventId":"purchase"}' },
    ]);
    expect(waits).toHaveLength(2);
  });

  it("keeps a caller's own key, sends none on reads, and none when turned off", async () => {
    const s = service({ status: 200 });
    await laurelFetch({ fetch: s.fetch })(
      new Request('http://x/user', { method: 'POST', headers: { 'Idempotency-Key': 'mine' }, body: '{}' }),
    );
    await laurelFetch({ fetch: s.fetch })(new Request('http://x/user/alice/points'));
    await laurelFetch({ fetch: s.fetch, idempotencyKeys: false })(new Request('http://x/user', { method: 'POST', body: '{}' }));
    expect(s.got.map((g) => g.key)).toEqual(['mine', null, null]);
    const generated = service({ status: 200 });
    await laurelFetch({ fetch: generated.fetch })(new Request('http://x/user', { method: 'PUT', body: '{}' }));
    expect(generated.got[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('waits what Retry-After asks for (seconds or a date), capped, and backs off exponentially without it', async () => {
    const s = service({ status: 429, retryAfter: '2' }, { status: 503 }, { status: 503 }, { status: 200 });
    const waits: number[] = [];
    const f = laurelFetch({ fetch: s.fetch, sleep: async (ms) => void waits.push(ms), baseDelayMs: 100 });
    expect((await f(new Request('http://x/user/alice/points'))).status).toBe(200);
    expect(waits[0]).toBe(2000);
    // Retry n without Retry-After waits between half and all of baseDelayMs × 2^(n−1).
    expect(waits[1]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeLessThanOrEqual(200);
    expect(waits[2]).toBeGreaterThanOrEqual(200);
    expect(waits[2]).toBeLessThanOrEqual(400);
    expect(retryAfterMs('Thu, 12 Mar 2026 15:30:05 GMT', Date.UTC(2026, 2, 12, 15, 30))).toBe(5000);
    expect(retryAfterMs('soon')).toBeNull();
    const long = new Response(null, { status: 429, headers: { 'retry-after': '3600' } });
    expect(retryDelayMs(1, long, { maxDelayMs: 5000 })).toBe(5000);
  });

  it('gives up after the retries and answers the last response; other statuses are not retried', async () => {
    const busy = service({ status: 503 });
    const f = laurelFetch({ fetch: busy.fetch, sleep: async () => {}, retries: 2 });
    expect((await f(new Request('http://x/event', { method: 'POST', body: '{}' }))).status).toBe(503);
    expect(busy.got).toHaveLength(3);
    const refused = service({ status: 400 }, { status: 200 });
    expect((await laurelFetch({ fetch: refused.fetch, sleep: async () => {} })(new Request('http://x/a'))).status).toBe(400);
    expect(refused.got).toHaveLength(1);
  });
});
