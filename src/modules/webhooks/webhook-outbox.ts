import type { Queryable } from '../../platform/db/database.js';
import { defineParticipant } from '../../write-path/participant.js';
import type { BatchNotice, BatchPart, WriteBatch } from '../../write-path/write-batch.js';
import {
  insertClaimedDeliveries,
  insertDeliveries,
  type ClaimedDelivery,
  type NewDelivery,
  type WebhookDeliveriesRepository,
} from './deliveries.repository.js';
import type { HandOverLease } from './webhook-dispatcher.js';
import type { EndpointCache, ProjectEndpoints } from './endpoint-cache.js';
import { newMessageId } from './message-id.js';
import type { Endpoint } from './webhooks.repository.js';
import type { WebhookType } from './webhook-types.js';

/** A message to report: its type, its data (without projectId, added here) and when Laurel recorded it. */
export interface OutboxMessage {
  type: WebhookType;
  data: Record<string, unknown>;
  at: number;
  /** A fixed id for a fact that may be reported twice (factMessageId); new otherwise. */
  messageId?: string;
}

/** The body of a delivery (Standard Webhooks): `{ type, timestamp, data }`, `data.projectId` first. */
export function messageBody(projectId: string, m: OutboxMessage): string {
  return JSON.stringify({ type: m.type, timestamp: new Date(m.at).toISOString(), data: { projectId, ...m.data } });
}

/**
 * The outbox (decision 110): a message is inserted, one row per endpoint that takes its type, in
 * the transaction of the change it reports, so it exists exactly when the change committed. The
 * write path's facts arrive as the batch's notices (the participant below); other writers call
 * `add` inside their own transaction. After a commit the dispatcher is woken.
 */
export class WebhookOutbox {
  readonly participant = defineParticipant<OutboxBatch>({
    name: 'webhooks',
    /** It writes the batch's notices: after every part that publishes them (some do while they write). */
    after: ['notices'],
    begin: (batch) => new OutboxBatch(batch, this),
  });

  constructor(
    readonly endpoints: EndpointCache,
    private readonly deliveries: WebhookDeliveriesRepository,
    readonly dispatch: Dispatch,
  ) {}

  /**
   * Inserts messages of a project in the caller's transaction, for the ACTIVE endpoints that take
   * their types (or, with `to`, for that endpoint alone). Returns the message ids.
   */
  async add(trx: Queryable, projectId: string, messages: readonly OutboxMessage[], to?: Endpoint): Promise<string[]> {
    const endpoints = to ? null : await this.endpoints.of(trx, projectId);
    const rows: NewDelivery[] = [];
    const ids = messages.map((m) => {
      const id = m.messageId ?? newMessageId(m.at);
      for (const e of to ? [to] : (endpoints!.subscribers.get(m.type) ?? []))
        rows.push(deliveryRow(e, id, m.type, messageBody(projectId, m), m.at));
      return id;
    });
    await this.deliveries.insert(trx, rows);
    return ids;
  }

  /** Wakes the dispatcher once the transaction that added messages committed. */
  committed(): void {
    this.dispatch.wake();
  }
}

/** What the outbox needs of the dispatcher (webhook-dispatcher.ts). */
export interface Dispatch {
  wake(): void;
  lease(count: number): HandOverLease | null;
  handOver(rows: readonly ClaimedDelivery[], lease: HandOverLease): void;
}

function deliveryRow(e: Endpoint, messageId: string, type: string, payload: string, at: number): NewDelivery {
  return {
    project_id: e.projectId,
    webhook_id: e.webhookId,
    message_id: messageId,
    type,
    payload,
    status: 'pending',
    next_attempt_at: at,
    created_at: at,
  };
}

/**
 * The outbox's part of a write batch: the batch's notices become deliveries in its transaction,
 * inserted already claimed by this process's dispatcher when it takes them (decision 116), and
 * handed to it after the commit: no claim, and no read of what was just written.
 */
class OutboxBatch implements BatchPart {
  private wrote = false;
  private handed: { rows: ClaimedDelivery[]; lease: HandOverLease } | null = null;

  constructor(
    private readonly batch: WriteBatch,
    private readonly outbox: WebhookOutbox,
  ) {}

  async write(): Promise<void> {
    const notices = this.batch.notices;
    if (notices.length === 0) return;
    const byProject = new Map<string, ProjectEndpoints>();
    for (const projectId of this.batch.projects()) byProject.set(projectId, await this.outbox.endpoints.ofBatch(this.batch, projectId));
    const now = this.batch.now;
    const rows: NewDelivery[] = [];
    for (const n of notices) {
      const to = byProject.get(n.projectId)?.subscribers.get(n.type);
      if (!to || to.length === 0) continue;
      const id = newMessageId(now);
      const payload = noticeBody(n, now);
      for (const e of to) rows.push(deliveryRow(e, id, n.type, payload, now));
    }
    if (rows.length === 0) return;
    const lease = this.outbox.dispatch.lease(rows.length);
    if (lease) {
      await insertClaimedDeliveries.later(
        this.batch.session,
        rows.map((r) => ({ ...r, locked_by: lease.runnerId, locked_until: lease.until })),
      );
      this.handed = { lease, rows: rows.map(claimed) };
    } else {
      await insertDeliveries.later(this.batch.session, rows);
      this.wrote = true;
    }
  }

  async afterCommit(): Promise<void> {
    if (this.handed) this.outbox.dispatch.handOver(this.handed.rows, this.handed.lease);
    if (this.wrote) this.outbox.committed();
  }
}

/** A new delivery as the dispatcher sends it (not yet attempted). */
function claimed(r: NewDelivery): ClaimedDelivery {
  return {
    project_id: r.project_id,
    webhook_id: r.webhook_id,
    message_id: r.message_id,
    type: r.type,
    payload: r.payload,
    attempts: 0,
    first_attempt_at: null,
    delivered_at: null,
    status: 'pending',
  };
}

function noticeBody(n: BatchNotice, at: number): string {
  return messageBody(n.projectId, { type: n.type as WebhookType, data: n.data, at });
}
