import type { RedisHandle } from '../platform/redis.js';
import { realNow } from '../platform/clock.js';

/**
 * The rate limit's counters in scale mode (decision 267): shared through Redis, but not one Redis
 * round trip per request. Each instance counts a principal's requests itself and adds them to the
 * shared counter once every SYNC_MS, for all principals in one script call. A request waits for Redis
 * only when its count must be exact:
 * - the first request of a principal in a window on this instance (it learns the shared count and
 *   the window's end), and
 * - every request once the count is within EXACT_SHARE of the limit: there, each request adds itself
 *   to the shared counter and is judged by what Redis answers, so the limit holds across instances
 *   exactly where it refuses.
 * Below that share, another instance's unsynced requests (at most SYNC_MS of them) may be missing
 * from this instance's view; they reach the shared counter within SYNC_MS.
 */

/** How often the counted requests are added to the shared counters. */
export const SYNC_MS = 25;
/** A request whose count reaches this share of the limit is counted in Redis before it is judged. */
export const EXACT_SHARE = 0.8;
/** Principals remembered per instance; past it, those with nothing pending are dropped at the next sweep. */
const MAX_ENTRIES = 100_000;
/**
 * How often a sync also walks every principal, to forget ended windows. The other syncs visit only the
 * principals counted since the last one: walking all of them every SYNC_MS cost 7 % of a scale server's
 * CPU with 10,000 users sending events.
 */
export const SWEEP_MS = 1_000;

type Counted = (err: Error | null, result: { current: number; ttl: number } | null) => void;

export interface Store {
  incr(key: string, cb: Counted, timeWindow: number, max: number): void;
  read(key: string, cb: Counted, timeWindow: number, max: number): void;
  child(routeOptions: { routeInfo: { method: string; url: string } }): Store;
}

interface Entry {
  /** The shared count as Redis last answered it (with this instance's synced requests). */
  known: number;
  /** Requests counted here and not yet added to the shared counter. */
  pending: number;
  /** When the window ends (wall clock, ms), as Redis last said. */
  resetAt: number;
  window: number;
}

/**
 * INCRBY of each counter, with the window set on a new one: KEYS are the counters, ARGV their
 * (count, window) pairs; answers (count, remaining ms of the window) pairs.
 */
const ADD_MANY_SCRIPT = `local out = {}
for i, key in ipairs(KEYS) do
  local n = redis.call('INCRBY', key, ARGV[2 * i - 1])
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then redis.call('PEXPIRE', key, ARGV[2 * i]) ttl = tonumber(ARGV[2 * i]) end
  out[2 * i - 1] = n
  out[2 * i] = ttl
end
return out`;
/** Principals per script call of a sync (bounds the time Redis spends in one call). */
const SYNC_CHUNK = 500;

type AddManyCommand = (keys: number, ...args: Array<string | number>) => Promise<number[]>;

/** The counters of one instance, shared by the plugin's global store and its per-route children. */
export class SharedCounters {
  private readonly entries = new Map<string, Entry>();
  /** Principals whose pending count rose from 0 since the last sync (the ones it must add). */
  private counted: string[] = [];
  private nextSweep = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly addMany: AddManyCommand;

  constructor(private readonly redis: RedisHandle) {
    const client = redis.client as unknown as { laurelRateAddMany?: AddManyCommand } & {
      defineCommand(name: string, def: { lua: string }): void;
    };
    // The number of keys varies: it is the command's first argument.
    if (!client.laurelRateAddMany) client.defineCommand('laurelRateAddMany', { lua: ADD_MANY_SCRIPT });
    this.addMany = client.laurelRateAddMany!.bind(client);
  }

  /** Counts one request of `key`; `cb` gets the count including it. */
  incr(key: string, cb: Counted, window: number, max: number): void {
    const now = realNow();
    const entry = this.entries.get(key);
    if (entry && now < entry.resetAt && entry.known + entry.pending + 1 < max * EXACT_SHARE) {
      if (entry.pending === 0) this.counted.push(key);
      entry.pending += 1;
      this.schedule();
      cb(null, { current: entry.known + entry.pending, ttl: entry.resetAt - now });
      return;
    }
    // Exact: this request, with what is pending of the same window, goes to Redis now.
    const carried = entry && now < entry.resetAt ? entry.pending : 0;
    if (entry) entry.pending -= carried;
    this.addMany(1, key, carried + 1, window).then(
      ([count, ttl]) => {
        this.learn(key, count, ttl, window, carried + 1);
        cb(null, { current: count, ttl });
      },
      (err: Error) => cb(err, null),
    );
  }

  /** The count as this instance sees it, without counting a request. */
  read(key: string, cb: Counted): void {
    const entry = this.entries.get(key);
    const now = realNow();
    if (!entry || now >= entry.resetAt) return cb(null, { current: 0, ttl: 0 });
    cb(null, { current: entry.known + entry.pending, ttl: entry.resetAt - now });
  }

  /**
   * Adds every pending count to the shared counters (one script call per 500 principals); at most once
   * every SWEEP_MS it also forgets ended windows.
   */
  async sync(): Promise<void> {
    this.timer = null;
    const now = realNow();
    if (now >= this.nextSweep) this.sweep(now);
    const batch: Array<{ key: string; by: number; window: number }> = [];
    const counted = this.counted;
    this.counted = [];
    for (const key of counted) {
      const entry = this.entries.get(key);
      if (entry === undefined || entry.pending === 0) continue; // an exact request carried it already
      if (now >= entry.resetAt) {
        // The window ended: what is pending belonged to it. The next request starts a window, exact.
        this.entries.delete(key);
        continue;
      }
      batch.push({ key, by: entry.pending, window: entry.window });
      entry.known += entry.pending;
      entry.pending = 0;
    }
    if (batch.length === 0 || !this.redis.available()) return; // counted here only until Redis is back
    const sent: Array<Promise<void>> = [];
    for (let i = 0; i < batch.length; i += SYNC_CHUNK) {
      const chunk = batch.slice(i, i + SYNC_CHUNK);
      sent.push(
        this.addMany(chunk.length, ...chunk.map((c) => c.key), ...chunk.flatMap((c) => [c.by, c.window])).then(
          (answers) => chunk.forEach((c, j) => this.learn(c.key, answers[2 * j]!, answers[2 * j + 1]!, c.window, c.by)),
          (err: unknown) => this.redis.noteFailure(err),
        ),
      );
    }
    await Promise.all(sent);
  }

  /** Forgets ended windows, and past MAX_ENTRIES the principals with nothing pending (their next request is exact). */
  sweep(now: number = realNow()): void {
    this.nextSweep = now + SWEEP_MS;
    for (const [key, entry] of this.entries) {
      if (entry.pending > 0) continue; // the sync adds it, or drops it if its window ended
      if (now >= entry.resetAt || this.entries.size > MAX_ENTRIES) this.entries.delete(key);
    }
  }

  /** Principals this instance remembers. */
  get size(): number {
    return this.entries.size;
  }

  private learn(key: string, count: number, ttl: number, window: number, added: number): void {
    const now = realNow();
    const entry = this.entries.get(key);
    if (!entry || count === added) {
      // A new shared window (this addition created the counter), or the first sight of the key.
      this.entries.set(key, { known: count, pending: entry?.pending ?? 0, resetAt: now + ttl, window });
      return;
    }
    // Redis answers one connection in order, so a later answer never holds a smaller count.
    entry.known = Math.max(entry.known, count);
    entry.resetAt = now + ttl;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.sync(), SYNC_MS);
    this.timer.unref();
  }

  /** Adds what is pending now (on close). */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    if (this.redis.available()) await this.sync();
  }
}

/** The plugin's store over the shared counters, its keys prefixed as the plugin's own Redis store does. */
export class SharedCounterStore implements Store {
  constructor(
    private readonly counters: SharedCounters,
    private readonly prefix: string,
  ) {}

  incr(key: string, cb: Counted, timeWindow: number, max: number): void {
    this.counters.incr(this.prefix + key, cb, timeWindow, max);
  }

  read(key: string, cb: Counted): void {
    this.counters.read(this.prefix + key, cb);
  }

  child(routeOptions: { routeInfo: { method: string; url: string } }): Store {
    return new SharedCounterStore(this.counters, `${this.prefix}${routeOptions.routeInfo.method}${routeOptions.routeInfo.url}-`);
  }
}
