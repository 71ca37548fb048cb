import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { realNow } from '../../platform/clock.js';
import { monthKey } from '../../platform/time.js';
import { THROTTLE_MS, type BoardSpec } from './live-boards.js';
import { REPLAY_MS, compareIds, type Delivered } from './live-transport.js';
import { frame, type SseStream } from './sse-stream.js';

/** What the streams of a user read of other modules (the live service's sources). */
export interface DerivedSources {
  /** The notification overview flags of a user (GET /user/{userId}/notifications/overview). */
  overview(projectId: string, userId: string): Promise<object>;
  /** A user's rank and points on a board (null rank: not ranked). */
  rank(
    projectId: string,
    userId: string,
    groupId: string,
    period: { timeframe: string } | { month: string },
  ): Promise<{ rank: number | null; points: number }>;
}

/** A user stream and what it last sent of the derived state. */
export interface UserStream {
  stream: SseStream;
  streamId: string;
  boards: BoardSpec[];
  ranks: Map<string, string>;
  flags: string | null;
  /** Messages that arrived while the replay was read (sent after it). */
  buffered: Delivered[] | null;
}

/** The derived state read for a user: the flags (JSON text and parsed) and the rank of each board (JSON text, by board name). */
export interface DerivedState {
  flags: { text: string; parsed: Record<string, unknown> } | null;
  ranks: Map<string, string>;
}

/**
 * A user listened to on this instance: its streams, and the derived state they share. The flags and
 * ranks are read once for all of the user's streams (at most once a second), and only when what
 * arrived may have changed them (`flagsMayChange`), never per stream or per message.
 */
export class ListenedUser {
  readonly streams = new Set<UserStream>();
  /** Until when it stays listened after its last stream closed (replay). */
  lingerUntil = 0;
  /** The flags last read for the user (parsed), null before the first read. */
  flags: Record<string, unknown> | null = null;
  private needFlags = false;
  private needRanks = false;
  private lastRefresh = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    readonly projectId: string,
    readonly userId: string,
    private readonly sources: DerivedSources,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A stream opened: it sends its replay (and what arrived meanwhile), then its derived state. */
  add(us: UserStream): void {
    this.streams.add(us);
  }

  /** A stream closed; when it was the last one, the user stays listened for REPLAY_MS. */
  remove(us: UserStream): void {
    this.streams.delete(us);
    if (this.streams.size > 0) return;
    this.lingerUntil = realNow() + REPLAY_MS;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * What the transport brought: framed once, written to each stream in one write, then the derived
   * state read again if these messages may have changed it.
   */
  deliver(messages: Delivered[]): void {
    if (this.streams.size === 0 || messages.length === 0) return;
    let text = '';
    for (const m of messages) text += frame(m.event, m.data, m.id);
    const lastId = messages[messages.length - 1]!.id;
    let boards = false;
    for (const us of this.streams) {
      if (us.buffered) us.buffered.push(...messages);
      else us.stream.sendFramed(text, lastId);
      if (us.boards.length > 0) boards = true;
    }
    const flags = flagsMayChange(this.flags, messages);
    const ranks = boards && messages.some((m) => m.event === 'points.changed');
    if (flags || ranks) this.schedule(flags, ranks);
  }

  /** Sends a stream what arrived while its replay was read, after the replay. */
  static flush(us: UserStream): void {
    const buffered = us.buffered ?? [];
    us.buffered = null;
    for (const m of buffered)
      if (us.stream.lastId === null || (compareIds(m.id, us.stream.lastId) ?? 1) > 0) us.stream.send(m.event, m.data, m.id);
  }

  /** Reads the flags (`flags`) and/or the ranks of every followed board again, soon (at most once a second). */
  schedule(flags: boolean, ranks: boolean): void {
    this.needFlags ||= flags;
    this.needRanks ||= ranks && [...this.streams].some((us) => us.boards.length > 0);
    if (this.timer || this.streams.size === 0 || !(this.needFlags || this.needRanks)) return;
    const wait = Math.max(0, this.lastRefresh + THROTTLE_MS - performance.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.refresh();
    }, wait);
    this.timer.unref();
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The flags and/or the rank on each board of `boards`, read now. */
  async read(boards: readonly BoardSpec[], withFlags = true): Promise<DerivedState> {
    const now = this.clock.now();
    const [flags, ranks] = await Promise.all([
      withFlags ? this.sources.overview(this.projectId, this.userId) : null,
      Promise.all(
        boards.map(async (board) => {
          const period = board.period === 'current-month' ? { month: monthKey(now) } : board.period;
          const r = await this.sources.rank(this.projectId, this.userId, board.groupId, period);
          const text = JSON.stringify({ board: board.name, groupId: board.groupId, ...period, rank: r.rank, points: r.points });
          return [board.name, text] as const;
        }),
      ),
    ]);
    return { flags: flags ? { text: JSON.stringify(flags), parsed: flags as Record<string, unknown> } : null, ranks: new Map(ranks) };
  }

  /** Sends a stream what changed of `state` since it last sent it (everything, the first time). */
  static send(us: UserStream, state: DerivedState): void {
    if (state.flags && state.flags.text !== us.flags) {
      us.flags = state.flags.text;
      us.stream.send('notifications.changed', state.flags.text);
    }
    for (const board of us.boards) {
      const text = state.ranks.get(board.name);
      if (text === undefined || us.ranks.get(board.name) === text) continue;
      us.ranks.set(board.name, text);
      us.stream.send('rank.changed', text);
    }
  }

  private async refresh(): Promise<void> {
    this.lastRefresh = performance.now();
    const withFlags = this.needFlags;
    const boards = new Map<string, BoardSpec>();
    if (this.needRanks) for (const us of this.streams) for (const b of us.boards) boards.set(b.name, b);
    this.needFlags = this.needRanks = false;
    try {
      const state = await this.read([...boards.values()], withFlags);
      if (state.flags) this.flags = state.flags.parsed;
      for (const us of this.streams) if (!us.stream.closed && !us.buffered) ListenedUser.send(us, state);
    } catch (err) {
      this.log.debug({ err }, 'live stream could not read its derived state');
    }
  }
}

/**
 * The overview flag each write-path message can only set, never clear: a ledger entry is reward
 * activity, a challenge moved or completed is challenge activity, an unlock is achievement activity.
 * `streak.updated` sets none (its points come as `points.changed`). Anything else (`tier.changed`, a
 * survey's points: answering it may clear the surveys flag) is read again.
 */
const SETS: Partial<Record<string, string>> = {
  'points.changed': 'hasUnseenRewards',
  'challenge.progress': 'hasUnseenChallenges',
  'challenge.completed': 'hasUnseenChallenges',
  'achievement.unlocked': 'hasUnseenAchievements',
  'streak.updated': '',
};

/**
 * Whether `messages` may change the flags last read (`flags`; null: never read): not when each of them
 * can only set a flag that is set already (decision 292) — so a user whose flags are up, the usual
 * case between two visits of the app, costs no read per event.
 */
export function flagsMayChange(flags: Record<string, unknown> | null, messages: readonly Delivered[]): boolean {
  if (flags === null) return true;
  for (const m of messages) {
    const sets = SETS[m.event];
    if (sets === undefined) return true;
    if (sets !== '' && flags[sets] !== true) return true;
    if (m.event === 'points.changed' && flags.hasUnseenSurveys === true && m.data.includes('"type":"SURVEY"')) return true;
  }
  return false;
}
