import type { FastifyReply } from 'fastify';
import { AppError } from '../../http/errors.js';
import { realNow } from '../../platform/clock.js';
import type { Platform } from '../../platform/platform.js';
import { eventStage } from '../events/index.js';
import { LiveBatch, type LiveHub } from './live-batch.js';
import type { BoardSpec } from './live-boards.js';
import { Feeds } from './live-feeds.js';
import type { LiveMessage } from './live-messages.js';
import { LocalTransport, RedisTransport, userKeyOf, type Delivered, type LiveTransport } from './live-transport.js';
import { ListenedUser, type DerivedSources, type UserStream } from './listened-users.js';
import { SseStream } from './sse-stream.js';
import { LocalStreamSlots, RedisStreamSlots, type StreamSlots } from './stream-slots.js';
import { LocalStreamTokens, RedisStreamTokens, type StreamTokens } from './stream-tokens.js';

/** What the live streams read of other modules (wired in services.ts). */
export interface LiveSources extends DerivedSources {
  /** A board's top `limit` as JSON text (GET /project/{projectId}/leaderboard; `currency` absent: `points`). */
  board(projectId: string, groupId: string, period: BoardStreamPeriod, limit: number): Promise<string>;
  /** A project's newest event log entry as JSON text (GET /admin/event-log?limit=1). */
  eventLog(projectId: string): Promise<string>;
}

/** The board of a board stream: its period, and its currency (absent: `points`). */
export interface BoardStreamPeriod {
  timeframe?: string;
  month?: string;
  currency?: string;
}

/**
 * Live streams (docs/live.md, decisions 270–274): each instance keeps its open streams; the write
 * path's facts of the users someone listens to are published after their batch commits (the
 * participant below: a map lookup per notice while nobody listens, nothing serialised) and reach the
 * streams through the transport (in-process, or Redis in scale mode).
 */
export class LiveService implements LiveHub {
  readonly tokens: StreamTokens;
  private readonly transport: LiveTransport;
  private readonly slots: StreamSlots;
  private readonly interest = new Map<string, ListenedUser>();
  private readonly feeds: Feeds;
  private readonly feedStreams = new Set<SseStream>();
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
    this.feeds = new Feeds(platform.log);
    const deliver = (projectId: string, userId: string, messages: Delivered[]) =>
      this.interest.get(userKeyOf(projectId, userId))?.deliver(messages);
    const touched = (key: string) => this.interest.get(key)?.schedule(true, false);
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

  /** Streams open on this instance (user, board and event log streams). */
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
    for (const u of this.interest.values()) for (const s of u.streams) s.stream.end();
    for (const s of this.feedStreams) s.end();
  }

  async close(): Promise<void> {
    this.shutdown();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const u of this.interest.values()) u.close();
    this.feeds.close();
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
    // The boards are checked (group exists) before the stream opens: a 4xx, not a broken stream.
    const first = await (this.interest.get(key) ?? this.listener(projectId, userId)).read(boards);
    if (!(await this.slots.take(key, streamId))) {
      reply.header('retry-after', '10');
      throw AppError.of('TOO_MANY_STREAMS', `User ${userId} already has the most streams open at once (5); close one first`);
    }
    this.admit(reply, () => this.slots.give(key, streamId));
    reply.hijack();
    this.open++;
    let listened = this.interest.get(key);
    if (!listened) {
      this.interest.set(key, (listened = this.listener(projectId, userId)));
      this.transport.watch([key]);
    }
    if (first.flags) listened.flags = first.flags.parsed;
    const user = listened;
    const us: UserStream = { stream: null as unknown as SseStream, streamId, boards, ranks: new Map(), flags: null, buffered: [] };
    us.stream = new SseStream(reply.raw, this.platform.config.liveMaxBufferBytes, () => {
      this.open--;
      this.slots.give(key, streamId);
      user.remove(us);
    });
    us.stream.open(reply.getHeaders());
    user.add(us);
    if (lastEventId !== null) {
      const missed = await this.transport.replay(projectId, userId, lastEventId).catch(() => 'reset' as const);
      if (missed === 'reset')
        us.stream.send('reset', JSON.stringify({ reason: 'what was missed is no longer kept: read the state again' }));
      else for (const m of missed) us.stream.send(m.event, m.data, m.id);
    }
    ListenedUser.flush(us);
    ListenedUser.send(us, first);
  }

  /** GET /project/{projectId}/leaderboard/stream: the board's top `limit` now, then whenever it changes (at most once a second). */
  async openBoardStream(reply: FastifyReply, projectId: string, groupId: string, period: BoardStreamPeriod, limit: number): Promise<void> {
    const key = ['board', projectId, groupId, period.timeframe ?? '', period.month ?? '', period.currency ?? '', limit].join('\u0000');
    await this.openFeedStream(reply, key, 'leaderboard', () => this.sources.board(projectId, groupId, period, limit));
  }

  /** GET /admin/event-log/stream: the project's newest event log entry now, then whenever a newer one is logged (at most once a second). */
  async openEventLogStream(reply: FastifyReply, projectId: string): Promise<void> {
    await this.openFeedStream(reply, `event-log\u0000${projectId}`, 'event-log', () => this.sources.eventLog(projectId));
  }

  private async openFeedStream(reply: FastifyReply, key: string, event: string, read: () => Promise<string>): Promise<void> {
    this.admit(reply);
    const body = await read();
    this.admit(reply);
    reply.hijack();
    this.open++;
    const stream = new SseStream(reply.raw, this.platform.config.liveMaxBufferBytes, () => {
      this.open--;
      this.feedStreams.delete(stream);
      this.feeds.leave(key, stream);
    });
    stream.open(reply.getHeaders());
    this.feedStreams.add(stream);
    this.feeds.join(key, event, stream, body, read);
  }

  private listener(projectId: string, userId: string): ListenedUser {
    return new ListenedUser(projectId, userId, this.sources, this.platform.clock, this.platform.log);
  }

  /** 503 when this instance holds its most streams (or is closing); `release` gives back what the caller took. */
  private admit(reply: FastifyReply, release?: () => void): void {
    if (this.closing || this.open >= this.platform.config.liveMaxStreams) {
      release?.();
      reply.header('retry-after', '5');
      throw AppError.of('STREAMS_FULL', 'This instance holds the most live streams it may; retry (perhaps on another instance)');
    }
  }

  /**
   * Every heartbeat: a comment on every stream, the per-user slots renewed, ranks read again (others'
   * points move them too), users no longer listened to forgotten.
   */
  private beat(): void {
    const now = realNow();
    const held: Array<{ userKey: string; streamId: string }> = [];
    for (const [key, u] of this.interest) {
      if (u.streams.size === 0 && u.lingerUntil <= now) {
        u.close();
        this.interest.delete(key);
        this.transport.unwatch(key);
        continue;
      }
      for (const us of u.streams) {
        us.stream.heartbeat();
        held.push({ userKey: key, streamId: us.streamId });
      }
      u.schedule(false, true);
    }
    for (const s of this.feedStreams) s.heartbeat();
    this.slots.renew(held);
  }

  /** The transport may have lost messages (Redis reconnected): every stream gets `reset`. */
  private resetAll(): void {
    for (const u of this.interest.values())
      for (const us of u.streams) us.stream.send('reset', JSON.stringify({ reason: 'messages may have been lost: read the state again' }));
  }
}
