import type { FastifyReply } from 'fastify';
import { AppError } from '../../http/errors.js';
import { realNow } from '../../platform/clock.js';
import type { Platform } from '../../platform/platform.js';
import { monthKey } from '../../platform/time.js';
import type { WriteBatch } from '../../write-path/write-batch.js';
import { eventStage, type EventStagePart, type PipelineEvent, type PipelineOutcome } from '../events/index.js';
import { batchMessages, type EventMark, type LiveMessage } from './live-messages.js';
import { LocalTransport, REPLAY_MS, RedisTransport, compareIds, userKeyOf, type Delivered, type LiveTransport } from './live-transport.js';
import { SseStream } from './sse-stream.js';
import { LocalStreamSlots, RedisStreamSlots, type StreamSlots } from './stream-slots.js';
import { LocalStreamTokens, RedisStreamTokens, type StreamTokens } from './stream-tokens.js';

/** Boards a user stream may follow (`boards=`). */
export const MAX_BOARDS = 4;
/** Derived messages (ranks, notification flags) and board pages are sent at most this often per stream or board. */
export const THROTTLE_MS = 1_000;
/** Most entries of a board stream. */
export const MAX_TOP = 100;

/** A board a user stream follows: `group:7d|30d|365d|month` (month: the current one). */
export interface BoardSpec {
  name: string;
  groupId: string;
  period: { timeframe: string } | 'current-month';
}

/** What the live streams read of other modules (wired in services.ts). */
export interface LiveSources {
  /** The notification overview flags of a user (GET /user/{userId}/notifications/overview). */
  overview(projectId: string, userId: string): Promise<object>;
  /** A user's rank and points on a board (null rank: not ranked). */
  rank(
    projectId: string,
    userId: string,
    groupId: string,
    period: { timeframe: string } | { month: string },
  ): Promise<{ rank: number | null; points: number }>;
  /** A board's top `limit` as JSON text (GET /project/{projectId}/leaderboard; `currency` absent: `points`). */
  board(projectId: string, groupId: string, period: BoardStreamPeriod, limit: number): Promise<string>;
}

/** The board of a board stream: its period, and its currency (absent: `points`). */
export interface BoardStreamPeriod {
  timeframe?: string;
  month?: string;
  currency?: string;
}

/** Parses `boards=default:7d,vip:month` (at most MAX_BOARDS, no repeats); 400 otherwise. */
export function parseBoards(raw: string | undefined): BoardSpec[] {
  if (raw === undefined || raw === '') return [];
  const names = raw.split(',');
  if (names.length > MAX_BOARDS) throw AppError.of('INVALID_PARAMETER', `boards names at most ${MAX_BOARDS} boards`);
  const specs: BoardSpec[] = [];
  for (const name of names) {
    const m = /^([A-Za-z0-9_-]{1,128}):(7d|30d|365d|month)$/.exec(name);
    if (!m) throw AppError.of('INVALID_PARAMETER', `boards: "${name}" is not group:7d, group:30d, group:365d or group:month`);
    if (specs.some((s) => s.name === name)) throw AppError.of('INVALID_PARAMETER', `boards: "${name}" is named twice`);
    const p = m[2]!;
    const period = p === 'month' ? 'current-month' : { timeframe: p };
    specs.push({ name, groupId: m[1]!, period });
  }
  return specs;
}

/** A user stream and what it last sent of the derived state. */
interface UserStream {
  stream: SseStream;
  streamId: string;
  projectId: string;
  userId: string;
  boards: BoardSpec[];
  ranks: Map<string, string>;
  flags: string | null;
  /** Messages that arrived while the replay was read (sent after it). */
  buffered: Delivered[] | null;
  lastRefresh: number;
  refreshTimer: NodeJS.Timeout | null;
}

/** A listened user: its streams on this instance, and until when it stays listened after the last one closed (replay). */
interface Interest {
  streams: Set<UserStream>;
  lingerUntil: number;
}

interface BoardFeed {
  streams: Set<SseStream>;
  body: string | null;
  seq: number;
  timer: NodeJS.Timeout | null;
}

/**
 * Live streams (docs/live.md, decisions 270–274): each instance keeps its open streams; the write
 * path's facts of the users someone listens to are published after their batch commits (the
 * participant below: a map lookup per notice while nobody listens, nothing serialised) and reach the
 * streams through the transport (in-process, or Redis in scale mode).
 */
export class LiveService {
  readonly tokens: StreamTokens;
  private readonly transport: LiveTransport;
  private readonly slots: StreamSlots;
  private readonly interest = new Map<string, Interest>();
  private readonly feeds = new Map<string, BoardFeed>();
  private readonly boardStreams = new Set<SseStream>();
  private open = 0;
  private heartbeat: NodeJS.Timeout | null = null;
  private closing = false;

  /** The live part of every batch: remembers the events' stage results of listened users; publishes after the commit. */
  readonly participant = eventStage<LiveBatch>({
    name: 'live',
    after: ['notices', 'events', 'challenges?', 'streaks?'],
    begin: (batch) => new LiveBatch(batch, this),
  });

  constructor(
    private readonly platform: Platform,
    private readonly sources: LiveSources,
  ) {
    const deliver = (projectId: string, userId: string, messages: Delivered[]) => this.deliver(projectId, userId, messages);
    const touched = (key: string) => {
      for (const us of this.interest.get(key)?.streams ?? []) this.scheduleRefresh(us);
    };
    const redis = platform.redis;
    if (redis) {
      this.transport = new RedisTransport(
        redis,
        deliver,
        () => this.interest.keys(),
        () => this.resetAll(),
        touched,
        platform.log,
      );
      this.slots = new RedisStreamSlots(redis, 3 * platform.config.liveHeartbeatMs);
      this.tokens = new RedisStreamTokens(redis);
    } else {
      this.transport = new LocalTransport(deliver, touched);
      this.slots = new LocalStreamSlots();
      this.tokens = new LocalStreamTokens();
    }
  }

  /** Streams open on this instance (user and board streams). */
  get streamCount(): number {
    return this.open;
  }

  /** Whether anyone (on any instance) listens to the user: the one check the write path makes per notice. */
  wants(projectId: string, userId: string): boolean {
    if (this.interest.size === 0 && !this.transport.hasRemote()) return false;
    const key = userKeyOf(projectId, userId);
    return this.interest.has(key) || this.transport.remoteWants(key);
  }

  /** Whether anyone listens to anyone (a batch skips everything when not). */
  get listening(): boolean {
    return this.interest.size > 0 || this.transport.hasRemote();
  }

  /** A user's notification flags may have changed outside the write path (a section marked seen): its streams read them again. */
  touch(projectId: string, userId: string): void {
    if (this.wants(projectId, userId)) this.transport.touch(userKeyOf(projectId, userId));
  }

  publish(projectId: string, userId: string, messages: readonly LiveMessage[]): void {
    if (messages.length > 0) this.transport.publish(projectId, userId, messages);
  }

  async start(): Promise<void> {
    await this.transport.start();
    this.heartbeat = setInterval(() => this.beat(), this.platform.config.liveHeartbeatMs);
    this.heartbeat.unref();
  }

  /** Refuses new streams (503) and ends every open one: the app is closing (SIGTERM); clients reconnect to another instance. */
  shutdown(): void {
    this.closing = true;
    this.endStreams();
  }

  /** Ends every open stream; the clients reconnect and replay what they missed. */
  endStreams(): void {
    for (const i of this.interest.values()) for (const s of i.streams) s.stream.end();
    for (const s of this.boardStreams) s.end();
  }

  async close(): Promise<void> {
    this.shutdown();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const f of this.feeds.values()) if (f.timer) clearInterval(f.timer);
    await this.transport.close();
  }

  /** POST /user/{userId}/stream-token */
  issueToken(projectId: string, userId: string) {
    return this.tokens.issue({ projectId, userId });
  }

  /**
   * GET /user/{userId}/stream: refuses (before anything is sent) a full instance (503), a user with
   * STREAMS_PER_USER streams (429) or an unknown board; then streams: what was missed since
   * `lastEventId` (or `reset`), the current notification flags and ranks, then every message.
   */
  async openUserStream(
    reply: FastifyReply,
    projectId: string,
    userId: string,
    boards: BoardSpec[],
    lastEventId: string | null,
  ): Promise<void> {
    this.admit(reply);
    const key = userKeyOf(projectId, userId);
    const streamId = `${key}\u0000${Math.random()}`;
    const us: UserStream = {
      stream: null as unknown as SseStream,
      streamId,
      projectId,
      userId,
      boards,
      ranks: new Map(),
      flags: null,
      buffered: [],
      lastRefresh: 0,
      refreshTimer: null,
    };
    // The boards are checked (group exists) before the stream opens: a 4xx, not a broken stream.
    const first = await this.derived(us);
    if (!(await this.slots.take(key, streamId))) {
      reply.header('retry-after', '10');
      throw AppError.of('TOO_MANY_STREAMS', `User ${userId} already has the most streams open at once (5); close one first`);
    }
    this.admit(reply, () => this.slots.give(key, streamId));
    reply.hijack();
    this.open++;
    const stream = new SseStream(reply.raw, this.platform.config.liveMaxBufferBytes, () => {
      this.open--;
      this.slots.give(key, streamId);
      if (us.refreshTimer) clearTimeout(us.refreshTimer);
      const i = this.interest.get(key);
      if (!i) return;
      i.streams.delete(us);
      if (i.streams.size === 0) i.lingerUntil = realNow() + REPLAY_MS;
    });
    us.stream = stream;
    stream.open(reply.getHeaders());
    let interest = this.interest.get(key);
    if (!interest) {
      this.interest.set(key, (interest = { streams: new Set(), lingerUntil: 0 }));
      this.transport.watch([key]);
    }
    interest.streams.add(us);
    if (lastEventId !== null) {
      const missed = await this.transport.replay(projectId, userId, lastEventId).catch(() => 'reset' as const);
      if (missed === 'reset') stream.send('reset', JSON.stringify({ reason: 'what was missed is no longer kept: read the state again' }));
      else for (const m of missed) stream.send(m.event, m.data, m.id);
    }
    const buffered = us.buffered ?? [];
    us.buffered = null;
    for (const m of buffered) if (stream.lastId === null || (compareIds(m.id, stream.lastId) ?? 1) > 0) stream.send(m.event, m.data, m.id);
    this.sendDerived(us, first);
  }

  /** GET /project/{projectId}/leaderboard/stream: the board's top `limit` now, then whenever it changes (at most once a second). */
  async openBoardStream(reply: FastifyReply, projectId: string, groupId: string, period: BoardStreamPeriod, limit: number) {
    this.admit(reply);
    const body = await this.sources.board(projectId, groupId, period, limit);
    this.admit(reply);
    reply.hijack();
    this.open++;
    const key = [projectId, groupId, period.timeframe ?? '', period.month ?? '', period.currency ?? '', limit].join('\u0000');
    let feed = this.feeds.get(key);
    const stream = new SseStream(reply.raw, this.platform.config.liveMaxBufferBytes, () => {
      this.open--;
      this.boardStreams.delete(stream);
      feed!.streams.delete(stream);
      if (feed!.streams.size === 0) {
        if (feed!.timer) clearInterval(feed!.timer);
        this.feeds.delete(key);
      }
    });
    stream.open(reply.getHeaders());
    this.boardStreams.add(stream);
    if (!feed) {
      this.feeds.set(key, (feed = { streams: new Set(), body, seq: 0, timer: null }));
      const f = feed;
      f.timer = setInterval(() => {
        this.sources.board(projectId, groupId, period, limit).then(
          (next) => {
            if (next === f.body) return;
            f.body = next;
            f.seq++;
            for (const s of f.streams) s.send('leaderboard', next, `${f.seq}-0`);
          },
          (err: unknown) => this.platform.log.warn({ err }, 'live board could not be read'),
        );
      }, THROTTLE_MS);
      f.timer.unref();
    }
    feed.streams.add(stream);
    stream.send('leaderboard', feed.body ?? body, `${feed.seq}-0`);
  }

  /** 503 when this instance holds its most streams (or is closing); `release` gives back what the caller took. */
  private admit(reply: FastifyReply, release?: () => void): void {
    if (this.closing || this.open >= this.platform.config.liveMaxStreams) {
      release?.();
      reply.header('retry-after', '5');
      throw AppError.of('STREAMS_FULL', 'This instance holds the most live streams it may; retry (perhaps on another instance)');
    }
  }

  /** What the transport brought for a user: to each of its streams here, then its derived state soon. */
  private deliver(projectId: string, userId: string, messages: Delivered[]): void {
    const i = this.interest.get(userKeyOf(projectId, userId));
    if (!i) return;
    for (const us of i.streams) {
      if (us.buffered) {
        us.buffered.push(...messages);
        continue;
      }
      for (const m of messages) us.stream.send(m.event, m.data, m.id);
      this.scheduleRefresh(us);
    }
  }

  private scheduleRefresh(us: UserStream): void {
    if (us.refreshTimer || us.stream.closed) return;
    const wait = Math.max(0, us.lastRefresh + THROTTLE_MS - performance.now());
    us.refreshTimer = setTimeout(() => {
      us.refreshTimer = null;
      void this.refresh(us);
    }, wait);
    us.refreshTimer.unref();
  }

  private async refresh(us: UserStream): Promise<void> {
    us.lastRefresh = performance.now();
    try {
      const state = await this.derived(us);
      if (!us.stream.closed) this.sendDerived(us, state);
    } catch (err) {
      this.platform.log.debug({ err }, 'live stream could not read its derived state');
    }
  }

  /** The notification flags and the rank on each followed board, read now. */
  private async derived(us: UserStream): Promise<{ flags: string; ranks: Array<{ board: BoardSpec; text: string }> }> {
    const now = this.platform.clock.now();
    const [flags, ranks] = await Promise.all([
      this.sources.overview(us.projectId, us.userId),
      Promise.all(
        us.boards.map(async (board) => {
          const period = board.period === 'current-month' ? { month: monthKey(now) } : board.period;
          const r = await this.sources.rank(us.projectId, us.userId, board.groupId, period);
          return { board, text: JSON.stringify({ board: board.name, groupId: board.groupId, ...period, rank: r.rank, points: r.points }) };
        }),
      ),
    ]);
    return { flags: JSON.stringify(flags), ranks };
  }

  /** Sends what changed since the stream last sent it (everything, the first time). */
  private sendDerived(us: UserStream, state: { flags: string; ranks: Array<{ board: BoardSpec; text: string }> }): void {
    us.lastRefresh = performance.now();
    if (state.flags !== us.flags) {
      us.flags = state.flags;
      us.stream.send('notifications.changed', state.flags);
    }
    for (const { board, text } of state.ranks) {
      if (us.ranks.get(board.name) === text) continue;
      us.ranks.set(board.name, text);
      us.stream.send('rank.changed', text);
    }
  }

  /**
   * Every heartbeat: a comment on every stream, the per-user slots renewed, ranks read again (others'
   * points move them too), users no longer listened to forgotten.
   */
  private beat(): void {
    const now = realNow();
    const held: Array<{ userKey: string; streamId: string }> = [];
    for (const [key, i] of this.interest) {
      if (i.streams.size === 0 && i.lingerUntil <= now) {
        this.interest.delete(key);
        this.transport.unwatch(key);
        continue;
      }
      for (const us of i.streams) {
        us.stream.heartbeat();
        held.push({ userKey: key, streamId: us.streamId });
        if (us.boards.length > 0) this.scheduleRefresh(us);
      }
    }
    for (const s of this.boardStreams) s.heartbeat();
    this.slots.renew(held);
  }

  /** The transport may have lost messages (Redis reconnected): every stream gets `reset`. */
  private resetAll(): void {
    for (const i of this.interest.values())
      for (const us of i.streams) us.stream.send('reset', JSON.stringify({ reason: 'messages may have been lost: read the state again' }));
  }
}

/**
 * The live part of one batch. While nobody listens, each event costs one map lookup and the batch
 * nothing else; for a listened user, the event's stage results are kept by reference, and after the
 * commit the batch's facts of listened users become messages, in decision order.
 */
class LiveBatch implements EventStagePart {
  private marks: EventMark[] | null = null;

  constructor(
    private readonly batch: WriteBatch,
    private readonly live: LiveService,
  ) {}

  applyEvent(event: PipelineEvent, outcome: PipelineOutcome): void {
    if (!this.live.wants(event.projectId, event.userId)) return;
    (this.marks ??= []).push({ at: this.batch.notices.length, event, outcome });
  }

  afterCommit(): Promise<void> {
    const notices = this.batch.notices;
    if (notices.length === 0 && this.marks === null) return Promise.resolve();
    if (!this.live.listening) return Promise.resolve();
    try {
      for (const u of batchMessages(notices, this.marks ?? [], (p, u) => this.live.wants(p, u)).values())
        this.live.publish(u.projectId, u.userId, u.messages);
    } catch {
      // afterCommit must not throw; a stream that misses a message is told so by its next replay.
    }
    return Promise.resolve();
  }
}
