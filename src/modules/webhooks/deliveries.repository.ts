import { claimOnPostgres } from '../../platform/db/dialect-sql.js';
import { sql } from 'kysely';
import type { Database, Queryable } from '../../platform/db/database.js';
import { KeyedUpdate, RowsInsert } from '../../write-path/rows.js';
import { KyselySession, SqliteSession, type SqlSession } from '../../write-path/session.js';
import type { WebhookDeliveriesTable } from './webhooks.tables.js';
import './webhooks.tables.js';

const DELIVERY_COLUMNS = {
  project_id: 'text',
  webhook_id: 'text',
  message_id: 'text',
  type: 'text',
  payload: 'text',
  status: 'text',
  next_attempt_at: 'int8',
  created_at: 'int8',
} as const;

/** What the outbox inserts for one message and endpoint (in a write batch: new ids only). */
export const insertDeliveries = new RowsInsert({
  description: 'webhook deliveries',
  table: 'webhook_deliveries',
  columns: DELIVERY_COLUMNS,
});

/** The same outside the write path, where the id of a fact reported twice (a job step run again) is the same: the second adds nothing. */
const insertDeliveriesOnce = new RowsInsert({
  description: 'webhook deliveries (once)',
  table: 'webhook_deliveries',
  columns: DELIVERY_COLUMNS,
  conflict: (oc) => oc.columns(['project_id', 'webhook_id', 'message_id']).doNothing(),
});
export type NewDelivery = Parameters<typeof insertDeliveries.run>[1][number];

/** The same, already claimed by the dispatcher of this process (handed over after the commit). */
export const insertClaimedDeliveries = new RowsInsert({
  description: 'webhook deliveries (claimed)',
  table: 'webhook_deliveries',
  columns: { ...DELIVERY_COLUMNS, locked_by: 'text', locked_until: 'int8' },
});
export type ClaimedNewDelivery = Parameters<typeof insertClaimedDeliveries.run>[1][number];

/** The outcome of attempts, written in one statement (PostgreSQL) or one transaction (SQLite). */
const recordAttempts = new KeyedUpdate({
  description: 'webhook attempts',
  table: 'webhook_deliveries',
  keys: { project_id: 'text', webhook_id: 'text', message_id: 'text' },
  set: {
    status: 'text',
    attempts: 'int4',
    next_attempt_at: 'int8',
    first_attempt_at: 'int8',
    last_attempt_at: 'int8',
    last_status_code: 'int4',
    last_response: 'text',
    last_error: 'text',
    delivered_at: 'int8',
    locked_by: 'text',
    locked_until: 'int8',
  },
});
export type AttemptRow = Parameters<typeof recordAttempts.run>[1][number];

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';
export type ClaimedDelivery = Pick<
  WebhookDeliveriesTable,
  'project_id' | 'webhook_id' | 'message_id' | 'type' | 'payload' | 'attempts' | 'first_attempt_at' | 'delivered_at' | 'status'
>;
const CLAIMED = [
  'project_id',
  'webhook_id',
  'message_id',
  'type',
  'payload',
  'attempts',
  'first_attempt_at',
  'delivered_at',
  'status',
] as const;

/**
 * SQL of the outbox. A claim takes due pending rows under a lease (`locked_by`, `locked_until`):
 * on PostgreSQL the rows are picked `FOR UPDATE SKIP LOCKED`, so instances never take the same
 * row; SQLite has one process. A row whose lease ran out (its dispatcher died) is claimable again.
 */
export class WebhookDeliveriesRepository {
  constructor(private readonly db: Database) {}

  /** A write-path session on a transaction the caller holds. */
  session(trx: Queryable): SqlSession {
    return new KyselySession(this.db.dialect, this.db.kysely, trx);
  }

  async insert(trx: Queryable, rows: readonly NewDelivery[]): Promise<void> {
    await insertDeliveriesOnce.run(this.session(trx), rows);
  }

  /**
   * Runs the dispatcher's bookkeeping (claims, outcomes) in one transaction. On SQLite it is
   * committed without its own fsync (synchronous=NORMAL, like the write path's batches): losing it
   * in a power cut only means a message is sent again, and the next durable commit syncs it anyway,
   * so the event loop never waits for the disk here.
   */
  private async bookkeeping<T>(fn: (session: SqlSession) => Promise<T>): Promise<T> {
    const raw = this.db.sqlite;
    if (!raw) return this.db.kysely.transaction().execute((trx) => fn(this.session(trx)));
    return this.db.kysely.connection().execute(async () => {
      raw.exec('pragma synchronous = NORMAL');
      try {
        raw.exec('begin immediate');
        try {
          const result = await fn(new SqliteSession(this.db.kysely, this.db.statements!));
          raw.exec('commit');
          return result;
        } catch (error) {
          if (raw.inTransaction) raw.exec('rollback');
          throw error;
        }
      } finally {
        raw.exec('pragma synchronous = FULL');
      }
    });
  }

  async claim(runnerId: string, now: number, leaseMs: number, limit: number): Promise<ClaimedDelivery[]> {
    const k = this.db.kysely;
    let pick = k
      .selectFrom('webhook_deliveries')
      .select(['project_id', 'webhook_id', 'message_id'])
      // A literal, not a parameter: only then can the store use the partial index of pending rows.
      .where('status', '=', sql.lit('pending'))
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(limit);
    pick = claimOnPostgres(pick, this.db.dialect);
    const claim = k
      .updateTable('webhook_deliveries')
      .set({ locked_by: runnerId, locked_until: now + leaseMs })
      .where((eb) => eb(eb.refTuple('project_id', 'webhook_id', 'message_id'), 'in', pick as never))
      .returning([...CLAIMED]);
    return this.bookkeeping((session) => session.execute(claim));
  }

  /** Claims one row for a send now (manual retry, test); null when missing or another dispatcher holds it. */
  async claimOne(
    projectId: string,
    webhookId: string,
    messageId: string,
    runnerId: string,
    now: number,
    leaseMs: number,
  ): Promise<ClaimedDelivery | null> {
    const row = await this.db.kysely
      .updateTable('webhook_deliveries')
      .set({ locked_by: runnerId, locked_until: now + leaseMs })
      .where('project_id', '=', projectId)
      .where('webhook_id', '=', webhookId)
      .where('message_id', '=', messageId)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .returning([...CLAIMED])
      .executeTakeFirst();
    return row ?? null;
  }

  /** Writes the outcome of attempts and releases their leases. */
  async record(rows: readonly AttemptRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.bookkeeping((session) => recordAttempts.run(session, rows));
  }

  /** Hands back the rows this runner holds (shutdown). */
  async release(runnerId: string): Promise<void> {
    await this.db.kysely
      .updateTable('webhook_deliveries')
      .set({ locked_by: null, locked_until: null })
      .where('locked_by', '=', runnerId)
      .execute();
  }

  /** SQLite only (one process owns the file): leases of a crashed process are dropped at start. */
  async releaseAll(): Promise<void> {
    await this.db.kysely
      .updateTable('webhook_deliveries')
      .set({ locked_by: null, locked_until: null })
      .where('locked_by', 'is not', null)
      .execute();
  }

  async find(projectId: string, webhookId: string, messageId: string): Promise<WebhookDeliveriesTable | null> {
    const row = await this.db.kysely
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('webhook_id', '=', webhookId)
      .where('message_id', '=', messageId)
      .executeTakeFirst();
    return row ?? null;
  }

  /** A page of an endpoint's log, newest first (message ids sort by time), after `before`. */
  async page(
    projectId: string,
    webhookId: string,
    q: { limit: number; before?: string; status?: DeliveryStatus },
  ): Promise<WebhookDeliveriesTable[]> {
    let query = this.db.kysely
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('webhook_id', '=', webhookId);
    if (q.before !== undefined) query = query.where('message_id', '<', q.before);
    if (q.status !== undefined) query = query.where('status', '=', q.status);
    return query.orderBy('message_id', 'desc').limit(q.limit).execute();
  }

  /** An INACTIVE endpoint's pending messages wait (no next attempt) until it is ACTIVE again. */
  async hold(db: Queryable, projectId: string, webhookId: string): Promise<void> {
    await db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: null })
      .where('project_id', '=', projectId)
      .where('webhook_id', '=', webhookId)
      .where('status', '=', 'pending')
      .execute();
  }

  async resume(db: Queryable, projectId: string, webhookId: string, now: number): Promise<void> {
    await db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: now })
      .where('project_id', '=', projectId)
      .where('webhook_id', '=', webhookId)
      .where('status', '=', 'pending')
      .where('next_attempt_at', 'is', null)
      .execute();
  }

  async deleteOf(db: Queryable, projectId: string, webhookId: string): Promise<void> {
    await db.deleteFrom('webhook_deliveries').where('project_id', '=', projectId).where('webhook_id', '=', webhookId).execute();
  }

  /** Deletes up to `limit` finished deliveries of an endpoint whose ids are below `before` (older); returns how many. */
  async prune(projectId: string, webhookId: string, before: string, limit: number): Promise<number> {
    const k = this.db.kysely;
    const old = k
      .selectFrom('webhook_deliveries')
      .select('message_id')
      .where('project_id', '=', projectId)
      .where('webhook_id', '=', webhookId)
      .where('message_id', '<', before)
      .where('status', '<>', 'pending')
      .limit(limit);
    const r = await k
      .deleteFrom('webhook_deliveries')
      .where('project_id', '=', projectId)
      .where('webhook_id', '=', webhookId)
      .where('message_id', 'in', old)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
