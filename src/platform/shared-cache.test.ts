import { describe, expect, it } from 'vitest';
import { InvalidationBus } from './bus.js';
import { SettledCache } from './shared-cache.js';

/** A load that stays in flight until the test resolves it. */
function pending<V>() {
  let resolve!: (value: V) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<V>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function cache() {
  const bus = new InvalidationBus(null, { warn() {} } as never);
  return { bus, cache: new SettledCache<string>(bus, 'things', 60_000) };
}

describe("SettledCache: nobody waits for a load made on someone else's transaction (decision 355)", () => {
  it("runs a batch's own load while another batch's load is in flight, and keeps whichever finishes", async () => {
    const { cache: c } = cache();
    const first = pending<string>();
    const a = c.get(
      'p',
      () => Promise.resolve('pool'),
      () => first.promise,
    );
    // The first batch's load sits behind its lock wait: the second must not wait for it.
    const b = c.get(
      'p',
      () => Promise.resolve('pool'),
      () => Promise.resolve('second'),
    );
    expect(await b).toBe('second');
    first.resolve('first');
    expect(await a).toBe('first');
    // Settled: everyone takes it, a batch included.
    let loads = 0;
    expect(
      await c.get(
        'p',
        async () => `pool ${++loads}`,
        async () => `batch ${++loads}`,
      ),
    ).toBe('second');
    expect(loads).toBe(0);
  });

  it("does not make a reader outside any transaction wait for a batch's load in flight", async () => {
    const { cache: c } = cache();
    const held = pending<string>();
    void c.get(
      'p',
      () => Promise.resolve('pool'),
      () => held.promise,
    );
    expect(await c.get('p', () => Promise.resolve('pool'))).toBe('pool');
    held.resolve('batch');
  });

  it('lets readers outside a transaction share a pool load in flight, but not a batch', async () => {
    const { cache: c } = cache();
    const load = pending<string>();
    let poolLoads = 0;
    const first = c.get('p', () => (poolLoads++, load.promise));
    const second = c.get('p', () => (poolLoads++, Promise.resolve('another')));
    expect(poolLoads).toBe(1);
    // On SQLite that pool load may wait for the connection the batch holds: the batch loads its own.
    expect(
      await c.get(
        'p',
        () => load.promise,
        () => Promise.resolve('in batch'),
      ),
    ).toBe('in batch');
    load.resolve('pooled');
    expect(await first).toBe('pooled');
    expect(await second).toBe('pooled');
  });

  it('keeps no failed load, and drops an entry when the bus says it changed', async () => {
    const { bus, cache: c } = cache();
    await expect(c.get('p', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await c.get('p', () => Promise.resolve('back'))).toBe('back');
    await bus.publish('things', 'p');
    expect(await c.get('p', () => Promise.resolve('changed'))).toBe('changed');
  });
});
