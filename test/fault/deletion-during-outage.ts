import pg from 'pg';
import { ADMIN_TOKEN } from './fault-load.js';

/**
 * The fault test's deletion case (decision 215): a user with events is deleted while Redis is down.
 * The deletion job meets the outage (its leaderboard step needs Redis), waits and tries again, and
 * finishes after Redis is back; it must never show `failed`, and the user's reads answer 404
 * throughout. The user has its own event, so the load's checks (one stored event per seq) are untouched.
 */
export class DeletionDuringOutage {
  private jobId: string | null = null;
  private readonly seen = new Set<string>();
  private readonly readStatuses = new Set<number>();
  /** Errors the job recorded while it waited (the jobs table, read from PostgreSQL). */
  private readonly waits = new Set<string>();
  private watching: Promise<void> | null = null;
  private stop = false;

  private constructor(
    private readonly base: string,
    private readonly token: string,
    private readonly databaseUrl: string,
  ) {}

  static readonly USER = 'leaver';

  /** Defines the event `wave`, creates the user and sends it three events. */
  static async prepare(base: string, token: string, databaseUrl: string): Promise<DeletionDuringOutage> {
    const call = async (path: string, body: unknown, auth: string) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    };
    await call('/admin/event', { eventId: 'wave', title: 'Wave', reward: { default: 7 }, limit: null }, ADMIN_TOKEN);
    await call('/user', { userId: DeletionDuringOutage.USER }, token);
    for (let i = 0; i < 3; i++) await call('/event', { eventId: 'wave', userId: DeletionDuringOutage.USER }, token);
    return new DeletionDuringOutage(base, token, databaseUrl);
  }

  /** DELETE /user (needs only PostgreSQL), then watches the job and the user's reads until `finish`. */
  async start(): Promise<void> {
    const res = await fetch(`${this.base}/user/${DeletionDuringOutage.USER}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${this.token}` },
    });
    if (res.status !== 200) throw new Error(`DELETE /user during the Redis outage: ${res.status} ${await res.text()}`);
    this.jobId = ((await res.json()) as { jobId: string }).jobId;
    this.watching = this.watch();
  }

  private async watch(): Promise<void> {
    const db = new pg.Client({ connectionString: this.databaseUrl });
    await db.connect();
    try {
      await this.watchWith(db);
    } finally {
      await db.end();
    }
  }

  private async watchWith(db: pg.Client): Promise<void> {
    while (!this.stop) {
      const row = await db.query<{ error: string | null }>('select error from jobs where job_id = $1', [this.jobId]).catch(() => null);
      const error = row?.rows[0]?.error;
      if (error) this.waits.add(error.split(':')[0]!);
      const status = await this.status();
      if (status) this.seen.add(status);
      if (status === 'done') return;
      this.readStatuses.add(await this.readPoints());
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /**
   * The user's balance read: 404 while the deletion runs. Once the job's last step has removed the row
   * the user is unknown, and an unknown user's balance is 200 with `userExists: false` (the job may
   * still show `running` for that moment); that answer is counted as 404. A 200 of a user that exists
   * is what the check is for.
   */
  private async readPoints(): Promise<number> {
    try {
      const res = await fetch(`${this.base}/user/${DeletionDuringOutage.USER}/points`, {
        headers: { authorization: `Bearer ${this.token}` },
      });
      if (res.status !== 200) return res.status;
      return ((await res.json()) as { userExists?: boolean }).userExists === false ? 404 : 200;
    } catch {
      return 0;
    }
  }

  private async status(): Promise<string | null> {
    const res = await fetch(`${this.base}/admin/job/${this.jobId}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }).catch(
      () => null,
    );
    return res?.status === 200 ? ((await res.json()) as { status: string }).status : null;
  }

  /** Waits (at most `ms`) for the job to be done; returns what went wrong, if anything. */
  async finish(ms: number): Promise<string[]> {
    const deadline = Date.now() + ms;
    while (!this.seen.has('done') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    this.stop = true;
    await this.watching;
    const problems: string[] = [];
    if (!this.seen.has('done')) problems.push(`the deletion during the Redis outage was not done within ${ms / 1000} s: ${[...this.seen]}`);
    if (this.seen.has('failed')) problems.push('the deletion during the Redis outage was failed at some point');
    if (!this.waits.has('redis unavailable')) problems.push(`the deletion did not meet the Redis outage: ${[...this.waits]}`);
    const reads = [...this.readStatuses].filter((s) => s !== 404);
    if (reads.length > 0)
      problems.push(
        `reads of the user being deleted answered ${reads.join(', ')} (expected 404, or 200 with userExists false once the row is gone)`,
      );
    return problems;
  }

  /** The states the job went through, for the run's output. */
  describe(): string {
    const states = [...this.seen].join(' → ');
    return `deletion during the Redis outage: job ${this.jobId} went through ${states}, waiting on: ${[...this.waits].join(', ')}`;
  }
}
