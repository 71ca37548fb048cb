import type { Compilable } from 'kysely';
import type { InvalidationBus } from './bus.js';

/**
 * An in-memory copy of rows that any instance may change (definitions, API keys, projects,
 * profiles). It is kept right three ways: a change published on the bus topic drops the entry
 * (payload = key) or everything (empty payload) on every instance; a reconnect of the bus drops
 * everything (messages may have been missed); and every entry expires after `ttlMs` anyway, so an
 * instance that missed a message without noticing serves the old value for at most that long.
 * A loading value is shared by concurrent readers; a failed load is not kept.
 */
export class SharedCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(
    bus: InvalidationBus,
    topic: string,
    private readonly ttlMs: number,
    private readonly maxEntries = 100_000,
  ) {
    bus.on(topic, (key) => (key === '' ? this.clear() : this.delete(key)));
    bus.onReset(() => this.clear());
  }

  /** The value (null is a value: a cached "not found"), or undefined when absent or expired. */
  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until > performance.now()) return hit.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V): void {
    // Oldest first (a Map keeps insertion order); never more than maxEntries.
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until: performance.now() + this.ttlMs });
  }

  /** The cached value, or the value `load` gives; a promise that rejects is not kept. */
  getOrLoad(key: string, load: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = load();
    this.set(key, value);
    if (value instanceof Promise) {
      value.catch(() => {
        if (this.entries.get(key)?.value === value) this.entries.delete(key);
      });
    }
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * A SharedCache of loads that a write batch (or another caller holding a transaction) needs too.
 * Nobody waits for a load made on someone else's transaction (decision 355): on PostgreSQL a batch's
 * statements run in the order sent, so its load may sit behind its own lock wait, and a caller that
 * holds the lock it waits for and joins that load would wait for itself through the client, where
 * PostgreSQL's deadlock detector cannot see it (two instances hung that way). On SQLite a batch holds
 * the one connection, so it must not wait for a load started outside it either.
 *
 * So `get` with `inTransaction` (the same query on the caller's transaction) takes a load that has
 * finished, or runs its own; without it (a read over the pool) it also joins a pool load in flight,
 * never one made on a transaction. Whatever finishes is kept for everyone.
 */
export class SettledCache<V> {
  private readonly cache: SharedCache<Promise<V>>;
  private readonly settled = new WeakSet<Promise<V>>();
  /** Loads over the pool: a reader outside any transaction may join them while they run. */
  private readonly pooled = new WeakSet<Promise<V>>();

  constructor(bus: InvalidationBus, topic: string, ttlMs: number) {
    this.cache = new SharedCache(bus, topic, ttlMs);
  }

  get(key: string, load: () => Promise<V>, inTransaction?: () => Promise<V>): Promise<V> {
    const hit = this.cache.get(key);
    if (hit && (this.settled.has(hit) || (inTransaction === undefined && this.pooled.has(hit)))) return hit;
    const loading = inTransaction ? inTransaction() : load();
    if (!inTransaction) this.pooled.add(loading);
    this.cache.set(key, loading);
    loading.then(
      () => this.settled.add(loading),
      () => {
        if (this.cache.get(key) === loading) this.cache.delete(key);
      },
    );
    return loading;
  }

  /**
   * `get` of the value `convert` makes of `query`'s rows: read over the pool, or with `run` (the
   * caller's transaction, e.g. a write batch's session) when given.
   */
  rowsOf<R>(
    key: string,
    query: () => Compilable<R> & { execute(): Promise<R[]> },
    convert: (rows: R[]) => V,
    run?: (query: Compilable<R>) => Promise<R[]>,
  ): Promise<V> {
    return this.get(key, () => query().execute().then(convert), run && (() => run(query()).then(convert)));
  }

  delete(key: string): void {
    this.cache.delete(key);
  }

  clear(): void {
    this.cache.clear();
  }
}
