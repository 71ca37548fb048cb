import { AppError } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import { generateId } from '../../platform/ids.js';
import type { JobHandler, JobRunner } from '../../platform/jobs/job-runner.js';
import type { Job } from '../../platform/jobs/jobs.repository.js';
import { monthKey, startOfMonth, startOfNextMonth, parseMonthKey } from '../../platform/time.js';
import { parseBoardGroup } from './board-ref.js';
import type { ClosedMonths } from './closed-months.js';
import type { LeaderboardsService } from './leaderboards.service.js';

/** A month board that has been closed: its project, group, currency, month and first 10. */
export interface ClosedBoard {
  projectId: string;
  groupId: string;
  /** The currency the board ranks (`points`, or another currency's board of the group: decision 297). */
  currency: string;
  /** YYYY-MM */
  month: string;
  /** The end of the month (the first ms of the next one). */
  closedAt: number;
  top: Array<{ rank: number; userId: string; username: string; points: number }>;
}

/**
 * What happens to each board when its month has ended: the hook of the month close. Steps run in
 * the order given to `MonthClose.use`, once per board, and must be idempotent: when the process
 * dies in the middle of a board, that board's steps run again. Today: the webhook
 * `leaderboard.month_closed`; archiving boards and paying seasons are meant to be added here.
 */
export interface MonthCloseStep {
  readonly name: string;
  closed(board: ClosedBoard): Promise<void>;
}

export const MONTH_CLOSE_JOB = 'leaderboard-month-close';
export const TOP_OF_CLOSED_MONTH = 10;

/**
 * Closes each month once (decision 114): a daily task enqueues the close of the month before the
 * current one as a durable job, deduplicated by month (`month-close:<YYYY-MM>`), so however many
 * days or instances try, it runs once. The job walks the month's boards (each project and user
 * group with points in it) in key order, one board per step, its cursor in the job's payload, so a
 * restart resumes where it stopped. Events dated into a month after its close (offline events up
 * to 30 days old) still count on its board, but do not close it again.
 */
export class MonthClose implements JobHandler {
  readonly kind = MONTH_CLOSE_JOB;
  private steps: readonly MonthCloseStep[] = [];

  constructor(
    private readonly jobs: JobRunner,
    private readonly leaderboards: Pick<LeaderboardsService, 'boardsOfMonth' | 'monthTop'> & {
      closedMonths: Pick<ClosedMonths, 'markClosed'>;
    },
    private readonly clock: Clock,
  ) {
    jobs.register(this);
  }

  /** Sets the steps, in the order they run for each board. */
  use(steps: readonly MonthCloseStep[]): void {
    this.steps = Object.freeze([...steps]);
  }

  /** The daily task: queues the close of last month (once per month, whoever calls). */
  async schedule(now: number): Promise<void> {
    const month = monthKey(startOfMonth(now) - 1);
    await this.jobs.store.enqueue(
      { jobId: generateId('job'), projectId: '*', kind: MONTH_CLOSE_JOB, payload: { month }, dedupKey: `month-close:${month}` },
      now,
    );
  }

  /**
   * POST /admin/season/{month}/close: closes one project's month now, for testing (decision 162). The
   * steps are idempotent, so the automatic close of the month later finds that project's boards done.
   * 400 for a month that has not started, 409 when the month was already closed early.
   */
  async closeEarly(projectId: string, month: string): Promise<{ month: string; jobId: string }> {
    const start = parseMonthKey(month);
    const now = this.clock.now();
    if (start === null || start > now) throw AppError.of('MONTH_NOT_STARTED', `Month ${month} has not started`);
    const jobId = generateId('job');
    const queued = await this.jobs.store.enqueue(
      { jobId, projectId, kind: MONTH_CLOSE_JOB, payload: { month, projectId }, dedupKey: `month-close:${month}:${projectId}` },
      now,
    );
    if (!queued) throw AppError.of('MONTH_ALREADY_CLOSED', `Month ${month} was already closed early`);
    return { month, jobId };
  }

  async step(job: Job): Promise<{ processed: number; done: boolean }> {
    const month = String(job.payload.month);
    // An early close (closeEarly) walks only its project's boards.
    const only = typeof job.payload.projectId === 'string' ? job.payload.projectId : null;
    const after =
      (job.payload.after as { projectId: string; groupId: string } | undefined) ??
      (only === null ? null : { projectId: only, groupId: '' });
    const [board] = await this.leaderboards.boardsOfMonth(month, after, 1);
    if (!board || (only !== null && board.projectId !== only)) {
      // Every board is archived: from now on the month's boards are answered from the archive (decision 199).
      await this.leaderboards.closedMonths.markClosed(only ?? '*', month);
      return { processed: 0, done: true };
    }
    // The stored group key names the currency of the board (every currency's boards close, each archived apart).
    const { groupId, currency } = parseBoardGroup(board.groupId);
    const closed: ClosedBoard = {
      projectId: board.projectId,
      groupId,
      currency,
      month,
      closedAt: startOfNextMonth(parseMonthKey(month)!),
      top: await this.leaderboards.monthTop(board.projectId, groupId, month, TOP_OF_CLOSED_MONTH, currency),
    };
    for (const s of this.steps) await s.closed(closed);
    job.payload = { ...job.payload, after: board };
    return { processed: 1, done: false };
  }
}
