import type { Queryable } from '../../platform/db/database.js';
import type { WebhookEndpointsTable } from './webhooks.tables.js';
import './webhooks.tables.js';

/** An endpoint as the module uses it (a row with its JSON decoded). */
export interface Endpoint {
  projectId: string;
  webhookId: string;
  url: string;
  events: string[];
  status: 'ACTIVE' | 'INACTIVE';
  description: string;
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: number | null;
  failingSince: number | null;
  disabledReason: string | null;
  disabledAt: number | null;
  createdAt: number;
  updatedAt: number;
}

const num = (v: number | null) => (v === null ? null : Number(v));

export function toEndpoint(r: WebhookEndpointsTable): Endpoint {
  return {
    projectId: r.project_id,
    webhookId: r.webhook_id,
    url: r.url,
    events: JSON.parse(r.events) as string[],
    status: r.status as Endpoint['status'],
    description: r.description,
    secret: r.secret,
    previousSecret: r.previous_secret,
    previousSecretUntil: num(r.previous_secret_until),
    failingSince: num(r.failing_since),
    disabledReason: r.disabled_reason,
    disabledAt: num(r.disabled_at),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

/** Whether an endpoint takes messages of a type (its list, or `*`). */
export function subscribes(e: Endpoint, type: string): boolean {
  return e.events.includes('*') || e.events.includes(type);
}

/** SQL of the webhook endpoints (admin changes and the dispatcher's health marks). */
export class WebhookEndpointsRepository {
  /** Every endpoint of a project, oldest first. */
  listQuery(db: Queryable, projectId: string) {
    return db.selectFrom('webhook_endpoints').selectAll().where('project_id', '=', projectId).orderBy('created_at').orderBy('webhook_id');
  }

  async find(db: Queryable, projectId: string, webhookId: string): Promise<Endpoint | null> {
    const row = await db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('webhook_id', '=', webhookId)
      .executeTakeFirst();
    return row ? toEndpoint(row) : null;
  }

  /** Inserts an endpoint; false when its id is taken. */
  async insert(db: Queryable, row: WebhookEndpointsTable): Promise<boolean> {
    const r = await db
      .insertInto('webhook_endpoints')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'webhook_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async update(db: Queryable, projectId: string, webhookId: string, set: Partial<WebhookEndpointsTable>): Promise<boolean> {
    const r = await db
      .updateTable('webhook_endpoints')
      .set(set)
      .where('project_id', '=', projectId)
      .where('webhook_id', '=', webhookId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async delete(db: Queryable, projectId: string, webhookId: string): Promise<boolean> {
    const r = await db
      .deleteFrom('webhook_endpoints')
      .where('project_id', '=', projectId)
      .where('webhook_id', '=', webhookId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Every endpoint of every project (the daily clean-up of the logs). */
  async all(db: Queryable): Promise<Array<{ project_id: string; webhook_id: string }>> {
    return db.selectFrom('webhook_endpoints').select(['project_id', 'webhook_id']).execute();
  }

  /** A success: the endpoint is no longer failing. True when it was. */
  async succeeded(db: Queryable, projectId: string, webhookId: string): Promise<boolean> {
    const r = await db
      .updateTable('webhook_endpoints')
      .set({ failing_since: null })
      .where('project_id', '=', projectId)
      .where('webhook_id', '=', webhookId)
      .where('failing_since', 'is not', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** A failure at `at`: starts the failing period when none runs. True when it started one. */
  async failed(db: Queryable, projectId: string, webhookId: string, at: number): Promise<boolean> {
    const r = await db
      .updateTable('webhook_endpoints')
      .set({ failing_since: at })
      .where('project_id', '=', projectId)
      .where('webhook_id', '=', webhookId)
      .where('failing_since', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Sets an ACTIVE endpoint failing since `before` or earlier INACTIVE, with the reason. True when it did. */
  async disableFailing(db: Queryable, projectId: string, webhookId: string, before: number, now: number, reason: string): Promise<boolean> {
    const r = await db
      .updateTable('webhook_endpoints')
      .set({ status: 'INACTIVE', disabled_reason: reason, disabled_at: now, updated_at: now })
      .where('project_id', '=', projectId)
      .where('webhook_id', '=', webhookId)
      .where('status', '=', 'ACTIVE')
      .where('failing_since', '<=', before)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
