import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { realNow } from '../../platform/clock.js';
import { deleteKeysMatching, type RedisHandle } from '../../platform/redis.js';
import { StoreUnavailable } from '../../platform/store-outage.js';
import { boardKey, type BoardRef } from './board-ref.js';
import type { BoardEntry, BoardLife, BoardLoader, Neighbourhood, RankedEntry, RankIndex, VersionedPage } from './rank-index.js';
import {
  DELETE_SCRIPT,
  FINISH_LOAD_SCRIPT,
  NEIGHBOURHOOD_SCRIPT,
  PAGE_SCRIPT,
  RANK_SCRIPT,
  RANKS_SCRIPT,
  SET_SCRIPT,
} from './redis-scripts.js';

const DAY = 86_400_000;
/** Live boards outlast their period; cached past months are dropped after an hour. */
const TTL: Record<BoardLife, number> = { live: 40 * DAY, cached: 3_600_000 };
const WINDOW_TTL = 3 * DAY;
const BATCH = 1000;
const LOCK_MS = 120_000;
/** How long an instance trusts that a board it saw loaded is still loaded (a read that finds it gone reloads it). */
const TRUST_MS = 5_000;

type Script = (...args: Array<string | number>) => Promise<unknown>;
type Reply = [number, number, string, string[], string[], string[]];

/**
 * Scale-mode rank index: Redis sorted sets shared by every instance (see redis-scripts.ts for the
 * encoding). A board that is missing is loaded from SQL by one instance under a lock while the
 * others wait; values are versioned, so event writes racing a load are never lost or doubled.
 */
export class RedisRankIndex implements RankIndex {
  private readonly client: Redis;
  private readonly scripts: Record<'set' | 'rank' | 'ranks3' | 'neighbourhood' | 'page' | 'remove' | 'finishLoad', Script>;
  private readonly trusted = new Map<string, number>();
  /**
   * Ready markers of boards this instance could not update (Redis was away): deleted as soon as
   * Redis answers again, so those boards load afresh from SQL instead of missing the update.
   */
  private readonly stale = new Set<string>();

  constructor(private readonly redis: RedisHandle) {
    this.client = redis.client;
    this.client.on('ready', () => void this.dropStale());
    const define = (name: string, numberOfKeys: number, lua: string): Script => {
      this.client.defineCommand(`laurelLb${name}`, { numberOfKeys, lua });
      const fn = (this.client as unknown as Record<string, Script>)[`laurelLb${name}`]!;
      return fn.bind(this.client);
    };
    this.scripts = {
      set: define('Set', 5, SET_SCRIPT),
      rank: define('Rank', 3, RANK_SCRIPT),
      ranks3: define('Ranks3', 9, RANKS_SCRIPT),
      neighbourhood: define('Neighbourhood', 3, NEIGHBOURHOOD_SCRIPT),
      page: define('Page', 4, PAGE_SCRIPT),
      remove: define('Remove', 3, DELETE_SCRIPT),
      finishLoad: define('FinishLoad', 5, FINISH_LOAD_SCRIPT),
    };
  }

  async ensure(refs: BoardRef[], life: BoardLife, load: BoardLoader): Promise<void> {
    if (!this.redis.available()) throw new StoreUnavailable('redis');
    const now = realNow();
    let missing = false;
    try {
      for (const ref of refs) {
        if ((this.trusted.get(boardKey(ref)) ?? 0) > now) continue;
        if ((await this.client.exists(keys(ref)[2])) === 0) missing = true;
      }
      if (missing) await this.load(refs, life, load);
    } catch (err) {
      this.redis.noteFailure(err);
      throw err;
    }
    for (const ref of refs) this.trusted.set(boardKey(ref), realNow() + TRUST_MS);
  }

  async set(ref: BoardRef, life: BoardLife, entries: BoardEntry[]): Promise<void> {
    if (entries.length === 0) return;
    // The totals are committed in SQL; a board that cannot take them now is marked stale and
    // loads afresh once Redis is back. Never throws: the event's other boards are still tried.
    if (!this.redis.available()) {
      this.stale.add(keys(ref)[2]);
      return;
    }
    if (this.stale.size > 0) await this.dropStale();
    try {
      await this.scripts.set(
        ...keys(ref),
        boardsKey(ref.projectId),
        versionKey(ref),
        ttl(ref, life),
        life === 'cached' ? '1' : '0',
        boardKey(ref),
        ...entries.flatMap(args),
      );
    } catch (err) {
      this.redis.noteFailure(err);
      this.stale.add(keys(ref)[2]);
    }
  }

  private async dropStale(): Promise<void> {
    const markers = [...this.stale];
    if (markers.length === 0 || this.client.status !== 'ready') return;
    try {
      await this.client.del(...markers);
      for (const m of markers) this.stale.delete(m);
    } catch {
      /* still away: tried again on the next write or reconnect */
    }
  }

  async page(ref: BoardRef, offset: number, limit: number, known: string | null = null): Promise<VersionedPage> {
    const reply = (await this.read(ref, () => this.scripts.page(...keys(ref), versionKey(ref), offset, limit, known ?? ''))) as [
      string,
      number?,
      string[]?,
    ];
    if (reply.length === 1) return { version: reply[0], page: null };
    return { version: reply[0], page: { total: Number(reply[1]), entries: decode(reply[2]!, offset + 1) } };
  }

  async neighbourhood(ref: BoardRef, userId: string, top: number, around: number): Promise<Neighbourhood> {
    const [total, rank, score, first, before, after] = (await this.read(ref, () =>
      this.scripts.neighbourhood(...keys(ref), userId, top, around),
    )) as Reply;
    const r = Number(rank);
    const t = Number(total);
    return {
      total: t,
      top: decode(first, 1),
      me: r < 0 ? null : { userId, points: -Number(score), rank: r + 1 },
      before: decode(before, r < 0 ? Math.max(0, t - around) + 1 : Math.max(0, r - around) + 1),
      after: decode(after, r + 2),
    };
  }

  async rank(ref: BoardRef, userId: string): Promise<RankedEntry | null> {
    const [, rank, score] = (await this.read(ref, () => this.scripts.rank(...keys(ref), userId))) as [number, number, string];
    return ranked(userId, rank, score);
  }

  async ranks(refs: BoardRef[], userId: string): Promise<Array<RankedEntry | null>> {
    if (refs.length !== 3) return Promise.all(refs.map((ref) => this.rank(ref, userId)));
    const replies = (await this.call(() => this.scripts.ranks3(...refs.flatMap(keys), userId))) as Array<-1 | [number, string]>;
    return replies.map((reply, i) => (reply === -1 ? this.notLoaded(refs[i]!) : ranked(userId, reply[0], reply[1])));
  }

  async dropWindows(projectId: string, day: number): Promise<void> {
    const suffix = `|${day}`;
    const boards = (await this.client.smembers(boardsKey(projectId))).filter((key) => !key.includes('|m|') && key.endsWith(suffix));
    if (boards.length === 0) return;
    await this.client.del(...boards.flatMap((key) => [`lb:${key}:z`, `lb:${key}:h`, `lb:${key}:r`, `lb:${key}:v`]));
    await this.client.srem(boardsKey(projectId), ...boards);
    for (const key of boards) this.trusted.delete(key);
  }

  async deleteUser(projectId: string, userId: string): Promise<number> {
    const boards = await this.client.smembers(boardsKey(projectId));
    let removed = 0;
    for (const key of boards) {
      const result = Number(await this.scripts.remove(`lb:${key}:z`, `lb:${key}:h`, `lb:${key}:v`, userId));
      if (result === -1) await this.client.srem(boardsKey(projectId), key);
      if (result === 1) removed++;
    }
    return removed;
  }

  /** Every key of the project's boards (`lb:<project>|…`) and its list of boards. */
  async deleteProject(projectId: string): Promise<void> {
    await deleteKeysMatching(this.redis, `lb:${projectId}|*`);
    await this.client.del(boardsKey(projectId));
    for (const key of this.trusted.keys()) if (key.startsWith(`${projectId}|`)) this.trusted.delete(key);
  }

  /** Runs a read script; when the board turns out not to be loaded (expired, flushed), loads it and retries. */
  private async read(ref: BoardRef, run: () => Promise<unknown>): Promise<unknown> {
    const reply = await this.call(run);
    return reply === -1 ? this.notLoaded(ref) : reply;
  }

  /** Runs a command, counting a failure against Redis's availability. */
  private call(run: () => Promise<unknown>): Promise<unknown> {
    if (!this.redis.available()) return Promise.reject(new StoreUnavailable('redis'));
    return run().catch((err: unknown) => {
      this.redis.noteFailure(err);
      throw err;
    });
  }

  /** A board that is not in Redis (expired, flushed): no longer trusted, and loaded again by the caller. */
  private notLoaded(ref: BoardRef): never {
    this.trusted.delete(boardKey(ref));
    throw new BoardNotLoaded(ref);
  }

  /** Loads boards from SQL under a lock (one instance loads, the others wait for its markers). */
  private async load(refs: BoardRef[], life: BoardLife, load: BoardLoader): Promise<void> {
    const lock = `lb:${boardKey(refs[0]!)}:lock`;
    const token = randomBytes(8).toString('hex');
    const deadline = realNow() + LOCK_MS;
    const allReady = async () => (await this.client.exists(...refs.map((r) => keys(r)[2]))) === refs.length;
    while ((await this.client.set(lock, token, 'PX', LOCK_MS, 'NX')) !== 'OK') {
      if (await allReady()) return;
      if (realNow() > deadline) throw new Error(`timed out waiting for leaderboard ${boardKey(refs[0]!)} to load`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    try {
      if (await allReady()) return;
      for (const ref of refs) await this.client.sadd(boardsKey(ref.projectId), boardKey(ref));
      // Rows go with plain ZADD/HSET into temporary keys (fast); events racing the load write the
      // live keys with versions, and FINISH_LOAD merges them in before the swap.
      const temp = refs.map(
        (ref) =>
          keys(ref)
            .slice(0, 2)
            .map((k) => `${k}:load`) as [string, string],
      );
      await this.client.del(...temp.flat());
      for await (const perBoard of load()) {
        const writes: Array<Promise<unknown>> = [];
        perBoard.forEach((batch, i) => {
          const [z2, h2] = temp[i]!;
          for (let j = 0; j < batch.length; j += BATCH) {
            const chunk = batch.slice(j, j + BATCH);
            const scores: Array<string | number> = [];
            const fields: string[] = [];
            for (const e of chunk) {
              const member = `${String(e.reachedAt).padStart(15, '0')}:${e.userId}`;
              scores.push(-e.points, member);
              fields.push(e.userId, `${e.version}|${member}`);
            }
            if (chunk.length > 0) writes.push(this.client.zadd(z2, ...scores), this.client.hset(h2, ...fields));
          }
          writes.push(this.client.pexpire(z2, LOCK_MS), this.client.pexpire(h2, LOCK_MS));
        });
        await Promise.all(writes);
      }
      for (const [i, ref] of refs.entries()) {
        const [z, h, r] = keys(ref);
        await this.scripts.finishLoad(z, h, temp[i]![0], temp[i]![1], r, ttl(ref, life), randomBytes(6).toString('hex'));
      }
    } finally {
      if ((await this.client.get(lock)) === token) await this.client.del(lock);
    }
  }
}

/** Thrown by a read of a board that is not (any more) loaded; the service loads it and retries. */
export class BoardNotLoaded extends Error {
  constructor(readonly ref: BoardRef) {
    super(`leaderboard ${boardKey(ref)} is not loaded`);
  }
}

/** The change counter of a board (see redis-scripts.ts: the board's version). */
function versionKey(ref: BoardRef): string {
  return `lb:${boardKey(ref)}:v`;
}

/** A rank script's answer for a user: rank0 (-1: not ranked) and the stored score (minus the points). */
function ranked(userId: string, rank: number | string, score: string): RankedEntry | null {
  return Number(rank) < 0 ? null : { userId, points: -Number(score), rank: Number(rank) + 1 };
}

function keys(ref: BoardRef): [string, string, string] {
  const k = `lb:${boardKey(ref)}`;
  return [`${k}:z`, `${k}:h`, `${k}:r`];
}

const boardsKey = (projectId: string) => `lb-boards:${projectId}`;

function ttl(ref: BoardRef, life: BoardLife): number {
  return ref.kind === 'window' ? WINDOW_TTL : TTL[life];
}

function args(e: BoardEntry): string[] {
  return [e.userId, String(e.points), String(e.reachedAt).padStart(15, '0'), String(e.version)];
}

/** (member, score) pairs → entries ranked from `firstRank`. */
function decode(flat: string[], firstRank: number): RankedEntry[] {
  const out: RankedEntry[] = [];
  for (let i = 0; i < flat.length; i += 2) {
    out.push({ userId: flat[i]!.slice(16), points: -Number(flat[i + 1]), rank: firstRank + i / 2 });
  }
  return out;
}
