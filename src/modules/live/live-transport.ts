import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { realNow } from '../../platform/clock.js';
import type { RedisHandle } from '../../platform/redis.js';
import type { LiveMessage } from './live-messages.js';

/** A message as a stream sends it: its id (`<a>-<b>`, increasing per user), its event name, its data as JSON text. */
export interface Delivered {
  id: string;
  event: string;
  data: string;
}

/** How long what a user missed can be replayed (Last-Event-ID). */
export const REPLAY_MS = 5 * 60_000;
/** Messages kept per user for replay at most; a reconnect that missed more gets `reset`. */
export const REPLAY_MAX = 500;

/** Where a transport hands what reached this instance: every message of a user this instance listens to, in order. */
export type DeliverFn = (projectId: string, userId: string, messages: Delivered[]) => void;
/** Where a transport hands a touch (`LiveTransport.touch`) that reached this instance. */
export type TouchFn = (key: string) => void;

/**
 * How a user's messages travel from the instance whose batch decided them to the instances that
 * hold the user's streams, with their ids, in order per user, and how a reconnect replays what it
 * missed. Embedded: in-process (LocalTransport); scale: Redis (RedisTransport).
 */
export interface LiveTransport {
  /** Gives a user's messages their ids and sends them, in order; never throws (a failure is logged). */
  publish(projectId: string, userId: string, messages: readonly LiveMessage[]): void;
  /** The messages after `lastEventId`, or `reset` when some of them are no longer kept. */
  replay(projectId: string, userId: string, lastEventId: string): Promise<Delivered[] | 'reset'>;
  /** This instance listens to a user now (its first stream, or it keeps listening: announced again). */
  watch(keys: readonly string[]): void;
  /** This instance stopped listening to a user (its replay buffer may go). */
  unwatch(key: string): void;
  /** Whether another instance listens to the user (scale mode). */
  remoteWants(key: string): boolean;
  /** Tells every instance that a user's derived state (notification flags) changed outside the write path. */
  touch(key: string): void;
  /** Whether another instance listens to anyone. */
  hasRemote(): boolean;
  start(): Promise<void>;
  close(): Promise<void>;
}

export function userKeyOf(projectId: string, userId: string): string {
  return `${projectId}\u0000${userId}`;
}

/** Compares two ids `<a>-<b>` (numbers): negative when `x` comes first. Null when either is not such an id. */
export function compareIds(x: string, y: string): number | null {
  const a = parseId(x);
  const b = parseId(y);
  if (!a || !b) return null;
  return a[0] !== b[0] ? Math.sign(a[0] - b[0]) : Math.sign(a[1] - b[1]);
}

function parseId(id: string): [number, number] | null {
  const m = /^(\d{1,16})-(\d{1,16})$/.exec(id);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

interface Ring {
  /** Every message with a sequence number up to this one is gone from the ring (or was never in it). */
  floor: number;
  entries: Array<{ seq: number; at: number; message: Delivered }>;
}

/**
 * Embedded mode: one process holds every stream. Ids are `<boot>-<seq>` (boot: when this process's
 * hub started; seq: one counter for the process), so an id from before a restart is recognised and
 * answered with `reset`. A bounded ring per listened user keeps the last REPLAY_MS (at most REPLAY_MAX).
 */
export class LocalTransport implements LiveTransport {
  private readonly boot = realNow();
  private seq = 0;
  private readonly rings = new Map<string, Ring>();

  constructor(
    private readonly deliver: DeliverFn,
    private readonly touched: TouchFn,
  ) {}

  touch(key: string): void {
    this.touched(key);
  }

  publish(projectId: string, userId: string, messages: readonly LiveMessage[]): void {
    const key = userKeyOf(projectId, userId);
    const ring = this.rings.get(key);
    const now = realNow();
    const out: Delivered[] = [];
    for (const m of messages) {
      const seq = ++this.seq;
      const d = { id: `${this.boot}-${seq}`, event: m.event, data: JSON.stringify(m.data) };
      out.push(d);
      ring?.entries.push({ seq, at: now, message: d });
    }
    if (ring) trim(ring, now);
    this.deliver(projectId, userId, out);
  }

  replay(projectId: string, userId: string, lastEventId: string): Promise<Delivered[] | 'reset'> {
    const ring = this.rings.get(userKeyOf(projectId, userId));
    const id = parseId(lastEventId);
    if (!ring || !id || id[0] !== this.boot) return Promise.resolve('reset');
    trim(ring, realNow());
    if (id[1] < ring.floor) return Promise.resolve('reset');
    return Promise.resolve(ring.entries.filter((e) => e.seq > id[1]).map((e) => e.message));
  }

  watch(keys: readonly string[]): void {
    for (const key of keys) if (!this.rings.has(key)) this.rings.set(key, { floor: this.seq, entries: [] });
  }

  unwatch(key: string): void {
    this.rings.delete(key);
  }

  remoteWants(): boolean {
    return false;
  }

  hasRemote(): boolean {
    return false;
  }

  async start(): Promise<void> {}
  async close(): Promise<void> {}
}

function trim(ring: Ring, now: number): void {
  let drop = 0;
  while (drop < ring.entries.length && (ring.entries.length - drop > REPLAY_MAX || ring.entries[drop]!.at < now - REPLAY_MS)) drop++;
  if (drop === 0) return;
  ring.floor = ring.entries[drop - 1]!.seq;
  ring.entries.splice(0, drop);
}

/**
 * Appends a user's messages to its Redis stream (ids given by Redis, trimmed to about REPLAY_MAX,
 * gone after REPLAY_MS without a message) and publishes them with their ids, in one script: the
 * order of the stream and of the publication is the same, whichever instance decided them.
 */
const PUBLISH_SCRIPT = `
local ids = {}
for i = 5, #ARGV, 2 do
  ids[#ids + 1] = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[3], '*', 'e', ARGV[i], 'd', ARGV[i + 1])
end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
local msg = ARGV[2]
for k = 1, #ids do msg = msg .. '\\n' .. ids[k] .. '\\n' .. ARGV[3 + 2 * k] .. '\\n' .. ARGV[4 + 2 * k] end
redis.call('PUBLISH', ARGV[1], msg)
return #ids
`;

/** How often an instance tells the others which users it listens to; an announcement holds for three of these. */
export const ANNOUNCE_MS = 20_000;
const ANNOUNCE_CHUNK = 500;

/**
 * Scale mode: messages go through Redis (the script above) and come back to every instance on the
 * channel `live`; each delivers those of the users it listens to. So that an instance publishes only
 * for users someone listens to, instances announce their listened users on `live-ctl` (at once for a
 * new one, all of them every ANNOUNCE_MS, and when another instance starts and asks). When the
 * subscription connects again after an outage, what was published meanwhile is lost: the hub sends
 * its streams `reset` (`onReconnect`).
 */
export class RedisTransport implements LiveTransport {
  private readonly remote = new Map<string, number>();
  private subscriber: Redis | null = null;
  private readonly channel: string;
  private readonly control: string;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;

  constructor(
    private readonly redis: RedisHandle,
    private readonly deliver: DeliverFn,
    private readonly listened: () => Iterable<string>,
    private readonly onReconnect: () => void,
    private readonly touched: TouchFn,
    private readonly log: FastifyBaseLogger,
  ) {
    this.channel = redis.channel('live');
    this.control = redis.channel('live-ctl');
  }

  publish(projectId: string, userId: string, messages: readonly LiveMessage[]): void {
    if (messages.length === 0) return;
    const args: string[] = [this.channel, userKeyOf(projectId, userId), String(REPLAY_MAX), String(REPLAY_MS)];
    for (const m of messages) args.push(m.event, JSON.stringify(m.data));
    this.redis.client.eval(PUBLISH_SCRIPT, 1, streamKey(projectId, userId), ...args).then(
      () => (this.failures = 0),
      (err: unknown) => {
        this.redis.noteFailure(err);
        // One line per outage, not one per batch.
        if (this.failures++ === 0)
          this.log.warn({ err }, 'live messages could not be published (Redis); streams get reset when it is back');
      },
    );
  }

  async replay(projectId: string, userId: string, lastEventId: string): Promise<Delivered[] | 'reset'> {
    const m = /^(\d{1,16})-(\d{1,16})$/.exec(lastEventId);
    if (!m || Number(m[1]) < realNow() - REPLAY_MS) return 'reset';
    const rows = await this.redis.client.xrange(streamKey(projectId, userId), lastEventId, '+', 'COUNT', REPLAY_MAX + 2);
    if (rows.length === 0) return [];
    // More than REPLAY_MAX missed (the trim is approximate): not all of it would be sent.
    if (rows.length > REPLAY_MAX + 1) return 'reset';
    // The stream no longer holds the last message the client saw: what came after it may be gone too.
    if (rows[0]![0] !== lastEventId) return 'reset';
    return rows.slice(1).map(([id, fields]) => ({ id, event: fields[1]!, data: fields[3]! }));
  }

  watch(keys: readonly string[]): void {
    for (let i = 0; i < keys.length; i += ANNOUNCE_CHUNK) {
      const chunk = keys.slice(i, i + ANNOUNCE_CHUNK);
      this.redis.client.publish(this.control, `w\n${chunk.join('\n')}`).catch((err: unknown) => this.redis.noteFailure(err));
    }
  }

  unwatch(): void {}

  remoteWants(key: string): boolean {
    const until = this.remote.get(key);
    if (until === undefined) return false;
    if (until > realNow()) return true;
    this.remote.delete(key);
    return false;
  }

  hasRemote(): boolean {
    return this.remote.size > 0;
  }

  async start(): Promise<void> {
    if (this.subscriber) return;
    const subscriber = (this.subscriber = this.redis.duplicate());
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.received(message);
      else if (channel === this.control) this.controlled(message);
    });
    let connected = false;
    subscriber.on('ready', () => {
      if (connected) {
        this.onReconnect();
        this.announce();
      }
      connected = true;
    });
    // Redis may be away right now: the subscription then happens when it is back (as the bus does).
    const subscribed = subscriber.subscribe(this.channel, this.control).then(
      () => true,
      (err: unknown) => {
        this.log.warn({ err }, 'live streams not subscribed yet; they will be when Redis is back');
        return false;
      },
    );
    let wait: NodeJS.Timeout | undefined;
    await Promise.race([subscribed, new Promise((resolve) => (wait = setTimeout(resolve, 1_000)))]);
    clearTimeout(wait);
    // Ask the others for their listened users (they answer with announcements).
    await this.redis.client.publish(this.control, 'h').catch(() => undefined);
    this.timer = setInterval(() => this.announce(), ANNOUNCE_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }

  private announce(): void {
    const now = realNow();
    for (const [key, until] of this.remote) if (until <= now) this.remote.delete(key);
    this.watch([...this.listened()]);
  }

  private received(message: string): void {
    const lines = message.split('\n');
    const [projectId, userId] = lines[0]!.split('\u0000');
    const out: Delivered[] = [];
    for (let i = 1; i + 2 < lines.length; i += 3) {
      out.push({ id: lines[i]!, event: lines[i + 1]!, data: lines[i + 2]! });
    }
    if (projectId !== undefined && userId !== undefined) this.deliver(projectId, userId, out);
  }

  touch(key: string): void {
    if (this.remote.has(key)) this.redis.client.publish(this.control, `t\n${key}`).catch((err: unknown) => this.redis.noteFailure(err));
    else this.touched(key);
  }

  private controlled(message: string): void {
    if (message === 'h') return this.announce();
    if (message.startsWith('t\n')) return this.touched(message.slice(2));
    if (!message.startsWith('w\n')) return;
    const until = realNow() + 3 * ANNOUNCE_MS;
    for (const key of message.slice(2).split('\n')) if (key) this.remote.set(key, until);
  }
}

function streamKey(projectId: string, userId: string): string {
  return `live:${projectId.length}:${projectId}:${userId}`;
}
