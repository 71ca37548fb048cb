import { storeOwnedByOneProcess } from '../db/dialect-sql.js';
import { generateId } from '../ids.js';
import type { Platform } from '../platform.js';
import { unreachableStore } from '../store-outage.js';
import { dateKey } from '../time.js';
import { JobStore, type Job, type NewJob } from './jobs.repository.js';

/**
 * One step of a job: does a bounded piece of work, updates `job.payload` (its cursor) and returns
 * the units done and whether the job is finished. Steps must be idempotent: after a crash the
 * last step runs again from the last checkpoint.
 */
export interface JobHandler {
  readonly kind: string;
  step(job: Job): Promise<{ processed: number; done: boolean }>;
}

/** Work that runs once per UTC day across all projects (index clean-up, board roll-over). */
export interface DailyTask {
  readonly name: string;
  run(now: number): Promise<void>;
}

export interface JobRunnerOptions {
  /** Background poll interval in ms; 0 runs jobs only on demand (`runUntilIdle`). */
  pollMs: number;
  /** How long a claim holds without a checkpoint before another instance may take the job. */
  leaseMs?: number;
  maxAttempts?: number;
}

/** The project of jobs above projects: daily tasks, project deletions. */
export const SYSTEM_PROJECT = '*';
/** The longest wait between two tries of a job whose store is unavailable (decision 215). */
export const OUTAGE_BACKOFF_CAP_MS = 60_000;

/**
 * Runs durable jobs from the `jobs` table. One job at a time per process, a checkpoint after every
 * step, the lease renewed with it. Time is the platform clock (the test clock in tests). Stopping
 * lets the running step finish and hands the job back (queued), so a restart resumes it.
 */
export class JobRunner {
  readonly store: JobStore;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly tasks: DailyTask[] = [];
  private readonly scheduled = new Map<string, string>();
  private readonly minutely: DailyTask[] = [];
  /** The clock's minute (and test-clock offset) the minute tasks last ran for. */
  private lastMinute = '';
  /** Per job: the tries in a row that met an unavailable store (the outage backoff's exponent). */
  private readonly outages = new Map<string, number>();
  private readonly runnerId = generateId('runner');
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<number> | null = null;
  private stopping = false;
  private started = false;

  constructor(
    private readonly platform: Platform,
    private readonly options: JobRunnerOptions,
  ) {
    this.store = new JobStore(platform.db);
    this.leaseMs = options.leaseMs ?? 30_000;
    this.maxAttempts = options.maxAttempts ?? 5;
  }

  register(handler: JobHandler): void {
    this.handlers.set(handler.kind, handler);
  }

  /** Adds daily tasks; each becomes one job per UTC day (deduplicated across instances). */
  daily(tasks: DailyTask[]): void {
    for (const task of tasks) {
      this.tasks.push(task);
      this.register({
        kind: `daily:${task.name}`,
        step: async () => {
          await task.run(this.platform.clock.now());
          return { processed: 1, done: true };
        },
      });
    }
  }

  /**
   * Adds tasks run at the start of a pass once per minute of the clock (and again whenever the test
   * clock is moved), in this process: not jobs, so each must be cheap, idempotent and safe to run on
   * every instance at once (claim what it does in the store). A failure is logged and tried next time.
   */
  everyMinute(tasks: DailyTask[]): void {
    this.minutely.push(...tasks);
  }

  async enqueue(job: Omit<NewJob, 'jobId'> & { jobId?: string }): Promise<string> {
    const jobId = job.jobId ?? generateId('job');
    await this.store.enqueue({ ...job, jobId }, this.platform.clock.now());
    return jobId;
  }

  /**
   * Queues a failed job again from where it stopped (POST /admin/job/{jobId}/retry, or a new
   * DELETE /user of a user whose deletion failed): false when the job is not `failed`.
   */
  async retry(projectId: string, jobId: string): Promise<boolean> {
    const retried = await this.store.retry(projectId, jobId, this.platform.clock.now());
    if (retried) this.wake();
    return retried;
  }

  /** Starts the background loop (no-op when pollMs is 0). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    if (storeOwnedByOneProcess(this.platform.db.dialect)) await this.store.requeueAbandoned(this.platform.clock.now());
    if (this.options.pollMs > 0) this.schedule();
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.drain()
        .catch((err) => this.platform.log.error({ err }, 'job runner tick failed'))
        .finally(() => {
          if (!this.stopping) this.schedule();
        });
    }, this.options.pollMs);
    this.timer.unref();
  }

  /** Runs a pass soon (after an enqueue) instead of waiting for the next poll. */
  wake(): void {
    if (this.stopping || !this.started || this.options.pollMs === 0 || this.draining) return;
    void this.drain().catch((err) => this.platform.log.error({ err }, 'job runner pass failed'));
  }

  /** Runs every claimable job (and today's daily tasks) until none is left. For tests and tools. */
  async runUntilIdle(): Promise<void> {
    for (;;) {
      if (this.draining) {
        await this.draining.catch(() => 0);
        continue;
      }
      if ((await this.drain()) === 0) return;
    }
  }

  /** Stops the loop; the running step finishes and its job is handed back. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.draining?.catch(() => 0);
    this.started = false;
  }

  private drain(): Promise<number> {
    if (this.draining) return this.draining;
    this.draining = this.runPass().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  private async runPass(): Promise<number> {
    await this.runMinuteTasks();
    await this.scheduleDailyTasks();
    let ran = 0;
    while (!this.stopping) {
      const job = await this.store.claim([...this.handlers.keys()], this.runnerId, this.platform.clock.now(), this.leaseMs);
      if (!job) break;
      ran++;
      await this.runJob(job);
    }
    return ran;
  }

  private async runMinuteTasks(): Promise<void> {
    const now = this.platform.clock.now();
    const minute = `${Math.floor(now / 60_000)}:${this.platform.testClock?.offset ?? 0}`;
    if (minute === this.lastMinute || this.minutely.length === 0) return;
    this.lastMinute = minute;
    for (const task of this.minutely) {
      try {
        await task.run(now);
      } catch (err) {
        this.platform.log.error({ err, task: task.name }, 'minute task failed; it runs again next minute');
      }
    }
  }

  private async scheduleDailyTasks(): Promise<void> {
    const day = dateKey(this.platform.clock.now());
    for (const task of this.tasks) {
      if (this.scheduled.get(task.name) === day) continue;
      await this.store.enqueue(
        { jobId: generateId('job'), projectId: SYSTEM_PROJECT, kind: `daily:${task.name}`, dedupKey: `daily:${task.name}:${day}` },
        this.platform.clock.now(),
      );
      this.scheduled.set(task.name, day);
    }
  }

  private async runJob(job: Job): Promise<void> {
    const handler = this.handlers.get(job.kind)!;
    const log = this.platform.log.child({ jobId: job.jobId, kind: job.kind });
    try {
      for (;;) {
        if (this.stopping) {
          await this.store.finish(job, this.runnerId, 'queued', this.platform.clock.now());
          log.info({ processed: job.processed }, 'job handed back on shutdown');
          return;
        }
        const result = await handler.step(job);
        this.outages.delete(job.jobId);
        job.processed += result.processed;
        if (result.done) {
          await this.store.finish(job, this.runnerId, 'done', this.platform.clock.now());
          log.info({ processed: job.processed }, 'job done');
          return;
        }
        await this.store.checkpoint(job, this.runnerId, this.platform.clock.now(), this.leaseMs);
        await new Promise((r) => setImmediate(r)); // let requests in between steps
      }
    } catch (err) {
      await this.stepFailed(job, err, log);
    }
  }

  /**
   * A step that met an unavailable store is not an attempt: the job waits (1 s, doubling, at most
   * OUTAGE_BACKOFF_CAP_MS) and tries again, for as long as the outage lasts; it never fails for it.
   * Any other error counts, and the job fails after `maxAttempts` (it can be retried).
   */
  private async stepFailed(job: Job, err: unknown, log: Platform['log']): Promise<void> {
    const now = this.platform.clock.now();
    const error = err instanceof Error ? err.message : String(err);
    const store = unreachableStore(err);
    if (store !== null) {
      const tries = (this.outages.get(job.jobId) ?? 0) + 1;
      this.outages.set(job.jobId, tries);
      const wait = Math.min(OUTAGE_BACKOFF_CAP_MS, 1_000 * 2 ** (tries - 1));
      log.warn({ store, tries, waitMs: wait }, 'job step met an unavailable store; will try again');
      await this.store
        .finish(job, this.runnerId, 'queued', now, {
          error: `${store} unavailable: ${error}`,
          runAfter: now + wait,
          attempts: job.attempts - 1,
        })
        .catch((e: unknown) => log.error({ err: e }, 'could not hand the job back; its lease will'));
      return;
    }
    this.outages.delete(job.jobId);
    const failed = job.attempts >= this.maxAttempts;
    log.error({ err, attempt: job.attempts }, failed ? 'job failed' : 'job step failed; will retry');
    await this.store
      .finish(job, this.runnerId, failed ? 'failed' : 'queued', now, { error, runAfter: now + 1_000 * 2 ** job.attempts })
      .catch((e) => log.error({ err: e }, 'could not record the job failure'));
  }
}
