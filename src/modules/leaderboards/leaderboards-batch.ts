import { dayNumber, monthKey } from '../../platform/time.js';
import { boardEffect, ledgerIn } from '../points/index.js';
import type { Deferred } from '../../write-path/rows.js';
import type { BatchPart, WriteBatch, WriteUnit } from '../../write-path/write-batch.js';
import { DEFAULT_GROUP } from '../usergroups/index.js';
import { POINTS_CURRENCY, WINDOWS, WINDOW_DAYS, boardGroup, inWindow, type BoardRef, type Timeframe } from './board-ref.js';
import type { BoardEntry, BoardLife } from './rank-index.js';
import './leaderboards.tables.js';
import { addDaily, addMonthly, addWindows, createRollover, rolloverDay } from './leaderboards.sql.js';

/** Points for the boards that no ledger entry carries (test and benchmark seeds). */
export interface BoardPointsUnit extends WriteUnit {
  kind: 'board-points';
  points: number;
  occurredAt: number;
  userGroups: readonly string[];
  /** The currency whose boards the points go to (absent: `points`). */
  currency?: string;
}

declare module '../../write-path/write-batch.js' {
  interface WriteKinds {
    'board-points': { unit: BoardPointsUnit; result: null };
  }
}
/** Where the batch's new totals go once it is durable (the rank index). */
export interface BoardSink {
  set(board: BoardRef, life: BoardLife, entries: BoardEntry[]): Promise<void>;
  /** Logs a failed index update (the totals are committed; a board that missed them is repaired when it next loads). */
  failed(err: unknown): void;
}

/** A monthly or window row as the batch's write returned it. */
type MonthTotals = Awaited<ReturnType<typeof addMonthly.run>>[number];
type WindowTotals = Awaited<ReturnType<typeof addWindows.run>>[number];

const SEP = '\u0000';
const ONLY_DEFAULT = [DEFAULT_GROUP];

/**
 * The leaderboards' part of a batch. Boards rank the points a user earned in a period: every
 * ledger entry of the batch but spending (redemptions) counts — events, challenge and streak
 * bonuses, survey answers, adjustments — for `default` and for the user groups of the event that
 * caused it, on the boards of the entry's currency (decision 297: a `points` entry on the boards
 * it always had, another currency's on boards keyed `<group>~<currency>`). The batch's points are
 * summed per user, group and bucket and written once; the new totals go to the rank index after
 * the commit.
 */
export class LeaderboardsBatch implements BatchPart<'board-points'> {
  private readonly seeds: BoardPointsUnit[] = [];
  private readonly windowDays = new Map<string, number>();
  private readonly months: Array<{ projectId: string; groupId: string; month: string; entry: BoardEntry }> = [];
  private readonly windows: Array<{ projectId: string; groupId: string; day: number; entries: Record<Timeframe, BoardEntry> }> = [];
  /** The answers of the batch's monthly and window writes. */
  private totals: { months: Deferred<MonthTotals>; windows: Deferred<WindowTotals> } | null = null;

  constructor(
    private readonly batch: WriteBatch,
    private readonly sink: BoardSink,
    /** The projects whose roll-over row this instance has read (kept by the leaderboards service). */
    private readonly rollovers: Set<string>,
  ) {}

  /**
   * Reads the day each project's windows are for, creating the project's roll-over row first when
   * this instance has not read it yet (decision 351: not once per batch). A row known here but gone
   * (its project deleted and made again) is created then.
   */
  async load(): Promise<void> {
    const projects = this.batch.projects().sort();
    const unknown = projects.filter((p) => !this.rollovers.has(p));
    await this.readDays(projects, unknown);
    const missing = projects.filter((p) => !this.windowDays.has(p));
    if (missing.length > 0) await this.readDays(missing, missing);
  }

  private async readDays(projects: string[], create: string[]): Promise<void> {
    const today = dayNumber(this.batch.now);
    // Both go out at once: the read runs after the insert, in the same transaction.
    const [, days] = await Promise.all([
      create.length > 0
        ? createRollover.run(
            this.batch.session,
            create.map((p) => ({ project_id: p, day: today })),
          )
        : undefined,
      rolloverDay.run(
        this.batch.session,
        projects.map((p) => ({ project_id: p })),
      ),
    ]);
    for (const r of days) {
      this.windowDays.set(r.project_id, Number(r.day));
      this.rollovers.add(r.project_id);
    }
  }

  apply(unit: BoardPointsUnit): null {
    this.seeds.push(unit);
    return null;
  }

  async write(): Promise<void> {
    type DailyRow = { project_id: string; group_id: string; user_id: string; day: number; points: number; reached_at: number };
    type MonthRow = { project_id: string; group_id: string; user_id: string; month: string; points: number; reached_at: number };
    type WindowRow = {
      project_id: string;
      group_id: string;
      user_id: string;
      p7: number;
      r7: number;
      p30: number;
      r30: number;
      p365: number;
      r365: number;
    };
    const daily = new Map<string, DailyRow>();
    const monthly = new Map<string, MonthRow>();
    const windows = new Map<string, WindowRow>();
    const credit = (projectId: string, userId: string, groups: readonly string[], points: number, at: number, currency: string) => {
      if (points === 0) return;
      const day = dayNumber(at);
      const month = monthKey(at);
      const windowDay = this.windowDays.get(projectId)!;
      const in365 = inWindow(day, windowDay, WINDOW_DAYS['365d']);
      const in30 = in365 && inWindow(day, windowDay, WINDOW_DAYS['30d']);
      const in7 = in30 && inWindow(day, windowDay, WINDOW_DAYS['7d']);
      for (const group of groups.length === 0 ? ONLY_DEFAULT : new Set([DEFAULT_GROUP, ...groups])) {
        const groupId = currency === POINTS_CURRENCY ? group : boardGroup(group, currency);
        const key = `${projectId}${SEP}${groupId}${SEP}${userId}`;
        const d = daily.get(`${key}${SEP}${day}`);
        if (d) {
          d.points += points;
          if (at > d.reached_at) d.reached_at = at;
        } else daily.set(`${key}${SEP}${day}`, { project_id: projectId, group_id: groupId, user_id: userId, day, points, reached_at: at });
        const m = monthly.get(`${key}${SEP}${month}`);
        if (m) {
          m.points += points;
          if (at > m.reached_at) m.reached_at = at;
        } else
          monthly.set(`${key}${SEP}${month}`, { project_id: projectId, group_id: groupId, user_id: userId, month, points, reached_at: at });
        if (!in365) continue;
        let w = windows.get(key);
        if (!w)
          windows.set(
            key,
            (w = { project_id: projectId, group_id: groupId, user_id: userId, p7: 0, r7: 0, p30: 0, r30: 0, p365: 0, r365: 0 }),
          );
        w.p365 += points;
        if (at > w.r365) w.r365 = at;
        if (in30) {
          w.p30 += points;
          if (at > w.r30) w.r30 = at;
        }
        if (in7) {
          w.p7 += points;
          if (at > w.r7) w.r7 = at;
        }
      }
    };
    for (const e of ledgerIn(this.batch).entries) {
      const effect = boardEffect(e);
      if (effect) credit(e.projectId, e.userId, e.boardGroups, effect.points, effect.occurredAt, effect.currency);
    }
    for (const s of this.seeds) credit(s.projectId, s.userId, s.userGroups, s.points, s.occurredAt, s.currency ?? POINTS_CURRENCY);
    if (daily.size === 0) return;

    const session = this.batch.session;
    // The three statements go out at once (pipelined on PostgreSQL, in this order), unanswered: the new
    // totals they return are read after the commit, for the rank index.
    const [, monthTotals, windowTotals] = await Promise.all([
      addDaily.later(session, [...daily.values()]),
      addMonthly.deferred(session, [...monthly.values()]),
      addWindows.deferred(session, [...windows.values()]),
    ]);
    this.totals = { months: monthTotals, windows: windowTotals };
  }

  /** The boards' new totals, as the batch's writes returned them (read once it has committed). */
  private async readTotals(): Promise<void> {
    if (!this.totals) return;
    const [months, windowRows] = await Promise.all([this.totals.months.rows(), this.totals.windows.rows()]);
    for (const m of months) {
      this.months.push({
        projectId: m.project_id as string,
        groupId: m.group_id as string,
        month: m.month as string,
        entry: { userId: m.user_id as string, points: Number(m.points), reachedAt: Number(m.reached_at), version: Number(m.version) },
      });
    }
    for (const r of windowRows) {
      const userId = r.user_id as string;
      const version = Number(r.version);
      const projectId = r.project_id as string;
      this.windows.push({
        projectId,
        groupId: r.group_id as string,
        day: this.windowDays.get(projectId)!,
        entries: {
          '7d': { userId, points: Number(r.p7), reachedAt: Number(r.r7), version },
          '30d': { userId, points: Number(r.p30), reachedAt: Number(r.r30), version },
          '365d': { userId, points: Number(r.p365), reachedAt: Number(r.r365), version },
        },
      });
    }
  }

  /** Sends the new totals to the rank index, one call per board. */
  async afterCommit(): Promise<void> {
    await this.readTotals();
    if (this.months.length === 0) return;
    const current = monthKey(this.batch.now);
    const boards = new Map<string, { ref: BoardRef; life: BoardLife; entries: BoardEntry[] }>();
    const push = (key: string, ref: BoardRef, life: BoardLife, entry: BoardEntry) => {
      let b = boards.get(key);
      if (!b) boards.set(key, (b = { ref, life, entries: [] }));
      b.entries.push(entry);
    };
    for (const m of this.months) {
      const ref: BoardRef = { projectId: m.projectId, groupId: m.groupId, kind: 'month', month: m.month };
      push([m.projectId, m.groupId, m.month].join(SEP), ref, m.month === current ? 'live' : 'cached', m.entry);
    }
    for (const w of this.windows) {
      for (const timeframe of WINDOWS) {
        const ref: BoardRef = { projectId: w.projectId, groupId: w.groupId, kind: 'window', timeframe, day: w.day };
        push([w.projectId, w.groupId, timeframe, w.day].join(SEP), ref, 'live', w.entries[timeframe]);
      }
    }
    try {
      await Promise.all([...boards.values()].map((b) => this.sink.set(b.ref, b.life, b.entries)));
    } catch (err) {
      this.sink.failed(err);
    }
  }
}
