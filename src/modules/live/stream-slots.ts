import { realNow } from '../../platform/clock.js';
import type { RedisHandle } from '../../platform/redis.js';

/** Streams one user may hold open at once (all instances together). */
export const STREAMS_PER_USER = 5;

/**
 * The per-user limit of open streams (decision 271). Embedded: a count in this process. Scale: a
 * sorted set per user in Redis, one member per stream with a lease (three heartbeats) that every
 * heartbeat renews, so the streams of an instance that died stop counting on their own. When Redis
 * does not answer, the instance's own count decides.
 */
export interface StreamSlots {
  /** Takes a slot for the stream; false when the user already holds STREAMS_PER_USER. */
  take(userKey: string, streamId: string): Promise<boolean>;
  give(userKey: string, streamId: string): void;
  /** Renews the leases of the streams this instance holds (every heartbeat). */
  renew(held: ReadonlyArray<{ userKey: string; streamId: string }>): void;
}

export class LocalStreamSlots implements StreamSlots {
  private readonly held = new Map<string, number>();

  take(userKey: string): Promise<boolean> {
    const n = this.held.get(userKey) ?? 0;
    if (n >= STREAMS_PER_USER) return Promise.resolve(false);
    this.held.set(userKey, n + 1);
    return Promise.resolve(true);
  }

  give(userKey: string): void {
    const n = (this.held.get(userKey) ?? 1) - 1;
    if (n <= 0) this.held.delete(userKey);
    else this.held.set(userKey, n);
  }

  renew(): void {}
}

const TAKE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`;

export class RedisStreamSlots implements StreamSlots {
  private readonly local = new LocalStreamSlots();

  constructor(
    private readonly redis: RedisHandle,
    private readonly leaseMs: number,
  ) {}

  async take(userKey: string, streamId: string): Promise<boolean> {
    if (!(await this.local.take(userKey))) return false;
    const now = realNow();
    try {
      const ok = await this.redis.client.eval(
        TAKE_SCRIPT,
        1,
        slotKey(userKey),
        now,
        streamId,
        now + this.leaseMs,
        STREAMS_PER_USER,
        this.leaseMs,
      );
      if (ok === 1) return true;
      this.local.give(userKey);
      return false;
    } catch (err) {
      this.redis.noteFailure(err);
      return true;
    }
  }

  give(userKey: string, streamId: string): void {
    this.local.give(userKey);
    this.redis.client.zrem(slotKey(userKey), streamId).catch((err: unknown) => this.redis.noteFailure(err));
  }

  renew(held: ReadonlyArray<{ userKey: string; streamId: string }>): void {
    if (held.length === 0 || !this.redis.available()) return;
    const until = realNow() + this.leaseMs;
    const pipeline = this.redis.client.pipeline();
    for (const h of held) pipeline.zadd(slotKey(h.userKey), 'XX', until, h.streamId).pexpire(slotKey(h.userKey), this.leaseMs);
    pipeline.exec().catch((err: unknown) => this.redis.noteFailure(err));
  }
}

function slotKey(userKey: string): string {
  return `live-slots:${userKey}`;
}
