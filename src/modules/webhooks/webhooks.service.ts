import { AppError } from '../../http/errors.js';
import type { Queryable } from '../../platform/db/database.js';
import type { ClosedBoard } from '../leaderboards/index.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import { DAY_MS } from '../../platform/time.js';
import { WebhookDeliveriesRepository, type DeliveryStatus } from './deliveries.repository.js';
import { EndpointCache } from './endpoint-cache.js';
import { factMessageId, firstMessageIdAt } from './message-id.js';
import { checkWebhookUrl } from './url-guard.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';
import { WebhookOutbox } from './webhook-outbox.js';
import { WebhookSender } from './webhook-sender.js';
import { newSecret, secretHint } from './webhook-signature.js';
import { toEndpoint, WebhookEndpointsRepository, type Endpoint } from './webhooks.repository.js';
import type { Delivery, Webhook, WebhookBody } from './webhooks.schemas.js';
import type { WebhookDeliveriesTable } from './webhooks.tables.js';

/** After a rotation the previous secret signs too, for this long (decision 113). */
export const ROTATION_OVERLAP_MS = DAY_MS;
/** Delivered and failed messages stay in the log this long (decision 113). */
export const LOG_DAYS = 30;
/** Deliveries in flight at once per instance. */
/** Deliveries in flight per instance (handed to the sending thread), and connections per receiver's origin. */
const IN_FLIGHT = 1024;
const CONNECTIONS_PER_ORIGIN = 16;

const notFound = (webhookId: string) => AppError.of('WEBHOOK_NOT_FOUND', webhookId);

export function toWebhook(e: Endpoint): Webhook {
  return {
    webhookId: e.webhookId,
    url: e.url,
    events: e.events,
    status: e.status,
    description: e.description,
    secretHint: secretHint(e.secret),
    failingSince: e.failingSince,
    disabledReason: e.disabledReason,
    disabledAt: e.disabledAt,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

const num = (v: number | null) => (v === null ? null : Number(v));

export function toDelivery(r: WebhookDeliveriesTable): Delivery {
  return {
    messageId: r.message_id,
    type: r.type,
    status: r.status as DeliveryStatus,
    attempts: Number(r.attempts),
    createdAt: Number(r.created_at),
    firstAttemptAt: num(r.first_attempt_at),
    lastAttemptAt: num(r.last_attempt_at),
    lastStatusCode: num(r.last_status_code),
    lastResponse: r.last_response,
    lastError: r.last_error,
    nextAttemptAt: num(r.next_attempt_at),
    deliveredAt: num(r.delivered_at),
    payload: JSON.parse(r.payload) as unknown,
  };
}

/**
 * Outbound webhooks (docs/webhooks.md): the endpoints of a project (admin API), their delivery
 * logs, and the outbox and dispatcher that send what the other modules report.
 */
export class WebhooksService {
  readonly outbox: WebhookOutbox;
  readonly dispatcher: WebhookDispatcher;
  private readonly repo = new WebhookEndpointsRepository();
  private readonly deliveries: WebhookDeliveriesRepository;
  private readonly endpoints: EndpointCache;

  constructor(private readonly platform: Platform) {
    this.deliveries = new WebhookDeliveriesRepository(platform.db);
    this.endpoints = new EndpointCache(platform, this.repo);
    const sender = new WebhookSender(platform.config.webhookAllowPrivate, CONNECTIONS_PER_ORIGIN);
    this.dispatcher = new WebhookDispatcher(platform, this.endpoints, this.repo, this.deliveries, sender, {
      pollMs: platform.config.jobPollMs,
      concurrency: IN_FLIGHT,
    });
    this.outbox = new WebhookOutbox(this.endpoints, this.deliveries, this.dispatcher);
  }

  private get db() {
    return this.platform.db.kysely;
  }

  private async require(projectId: string, webhookId: string): Promise<Endpoint> {
    const e = await this.repo.find(this.db, projectId, webhookId);
    if (!e) throw notFound(webhookId);
    return e;
  }

  private async checkBody(body: WebhookBody): Promise<void> {
    if ((body.events as string[]).includes('*') && body.events.length > 1)
      throw AppError.of('WEBHOOK_EVENTS_INVALID', 'body/events: "*" (every type) cannot be combined with other types');
    await checkWebhookUrl(body.url, this.platform.config.webhookAllowPrivate);
  }

  async create(projectId: string, body: WebhookBody): Promise<Webhook & { secret: string }> {
    await this.checkBody(body);
    const now = this.platform.clock.now();
    const webhookId = body.webhookId ?? generateId('wh');
    const secret = newSecret();
    const inserted = await this.repo.insert(this.db, {
      project_id: projectId,
      webhook_id: webhookId,
      url: body.url,
      events: JSON.stringify(body.events),
      status: body.status,
      description: body.description ?? '',
      secret,
      previous_secret: null,
      previous_secret_until: null,
      failing_since: null,
      disabled_reason: null,
      disabled_at: null,
      created_at: now,
      updated_at: now,
    });
    if (!inserted) throw AppError.of('WEBHOOK_EXISTS', `Webhook ${webhookId} already exists`);
    await this.endpoints.changed(projectId);
    return { ...toWebhook(await this.require(projectId, webhookId)), secret };
  }

  async list(projectId: string): Promise<Webhook[]> {
    const rows = await this.repo.listQuery(this.db, projectId).execute();
    return rows.map((r) => toWebhook(toEndpoint(r)));
  }

  async get(projectId: string, webhookId: string): Promise<Webhook> {
    return toWebhook(await this.require(projectId, webhookId));
  }

  /**
   * Full update. Setting it INACTIVE holds its pending messages; ACTIVE again sends them and
   * clears the failure state (an endpoint Laurel disabled is enabled this way).
   */
  async update(projectId: string, webhookId: string, body: WebhookBody): Promise<Webhook> {
    if (body.webhookId !== undefined && body.webhookId !== webhookId)
      throw AppError.of('ID_MISMATCH', 'webhookId in the body must match the path');
    await this.checkBody(body);
    const before = await this.require(projectId, webhookId);
    const now = this.platform.clock.now();
    const activated = before.status === 'INACTIVE' && body.status === 'ACTIVE';
    await this.db.transaction().execute(async (trx) => {
      await this.repo.update(trx, projectId, webhookId, {
        url: body.url,
        events: JSON.stringify(body.events),
        status: body.status,
        description: body.description ?? '',
        updated_at: now,
        ...(activated ? { failing_since: null, disabled_reason: null, disabled_at: null } : {}),
      });
      if (activated) await this.deliveries.resume(trx, projectId, webhookId, now);
      if (before.status === 'ACTIVE' && body.status === 'INACTIVE') await this.deliveries.hold(trx, projectId, webhookId);
    });
    await this.endpoints.changed(projectId);
    if (activated) this.dispatcher.wake();
    return this.get(projectId, webhookId);
  }

  /** Deletes the endpoint and its log (pending messages are dropped). */
  async delete(projectId: string, webhookId: string): Promise<void> {
    const deleted = await this.db.transaction().execute(async (trx) => {
      await this.deliveries.deleteOf(trx, projectId, webhookId);
      return this.repo.delete(trx, projectId, webhookId);
    });
    if (!deleted) throw notFound(webhookId);
    await this.endpoints.changed(projectId);
  }

  /** A new secret; the previous one still signs (a second signature) for 24 hours. */
  async rotateSecret(projectId: string, webhookId: string): Promise<Webhook & { secret: string }> {
    const before = await this.require(projectId, webhookId);
    const now = this.platform.clock.now();
    const secret = newSecret();
    await this.repo.update(this.db, projectId, webhookId, {
      secret,
      previous_secret: before.secret,
      previous_secret_until: now + ROTATION_OVERLAP_MS,
      updated_at: now,
    });
    await this.endpoints.changed(projectId);
    return { ...(await this.get(projectId, webhookId)), secret };
  }

  private async requireActive(projectId: string, webhookId: string): Promise<Endpoint> {
    const e = await this.require(projectId, webhookId);
    if (e.status !== 'ACTIVE') throw AppError.of('WEBHOOK_INACTIVE', `Webhook ${webhookId} is INACTIVE; set it ACTIVE first`);
    return e;
  }

  /** Sends a `webhook.test` message to the endpoint now; answers with its delivery after the attempt. */
  async test(projectId: string, webhookId: string): Promise<Delivery> {
    const endpoint = await this.requireActive(projectId, webhookId);
    const at = this.platform.clock.now();
    const [messageId] = await this.outbox.add(
      this.db,
      projectId,
      [{ type: 'webhook.test', data: { webhookId, message: 'A test message from Laurel' }, at }],
      endpoint,
    );
    await this.dispatcher.sendNow(projectId, webhookId, messageId!);
    return toDelivery((await this.deliveries.find(projectId, webhookId, messageId!))!);
  }

  /** Sends one message again now, whatever its state; answers with its delivery after the attempt. */
  async retry(projectId: string, webhookId: string, messageId: string): Promise<Delivery> {
    await this.requireActive(projectId, webhookId);
    if (!(await this.deliveries.find(projectId, webhookId, messageId)))
      throw AppError.of('WEBHOOK_MESSAGE_NOT_FOUND', `Message ${messageId} of webhook ${webhookId} not found`);
    if (!(await this.dispatcher.sendNow(projectId, webhookId, messageId))) {
      throw AppError.of('WEBHOOK_DELIVERY_IN_FLIGHT', `Message ${messageId} is being sent right now`);
    }
    return toDelivery((await this.deliveries.find(projectId, webhookId, messageId))!);
  }

  /** The endpoint's log, newest first; `nextCursor` continues it. */
  async log(
    projectId: string,
    webhookId: string,
    q: { limit?: number; cursor?: string; status?: DeliveryStatus },
  ): Promise<{ items: Delivery[]; nextCursor: string | null }> {
    await this.require(projectId, webhookId);
    const limit = q.limit ?? 50;
    const rows = await this.deliveries.page(projectId, webhookId, {
      limit: limit + 1,
      ...(q.cursor ? { before: q.cursor } : {}),
      ...(q.status ? { status: q.status } : {}),
    });
    const items = rows.slice(0, limit).map(toDelivery);
    return { items, nextCursor: rows.length > limit ? items[items.length - 1]!.messageId : null };
  }

  /** `coupon.used`, inside the transaction that used the coupon (the coupons module's reporter). */
  readonly couponReporter = {
    couponUsed: async (
      trx: Queryable,
      projectId: string,
      c: { userId: string; couponKey: string; offerId: string | null; redeemedAt: number | null },
    ) => {
      const at = c.redeemedAt ?? this.platform.clock.now();
      await this.outbox.add(trx, projectId, [
        { type: 'coupon.used', data: { userId: c.userId, couponKey: c.couponKey, offerId: c.offerId, usedAt: at }, at },
      ]);
    },
    committed: () => this.dispatcher.wake(),
  };

  /**
   * `user.deleted`, when the deletion job finished. The message id comes from the job, so a last
   * step run again after a crash reports nothing new.
   */
  async userDeleted(projectId: string, userId: string, job: { jobId: string; createdAt: number }): Promise<void> {
    const at = this.platform.clock.now();
    const messageId = factMessageId(job.createdAt, `user.deleted:${projectId}:${job.jobId}`);
    await this.outbox.add(this.db, projectId, [{ type: 'user.deleted', data: { userId, jobId: job.jobId, deletedAt: at }, at, messageId }]);
    this.dispatcher.wake();
  }

  /** `leaderboard.month_closed` of one board (a step of the month close); reported once per board. */
  async monthClosed(board: ClosedBoard): Promise<void> {
    const at = this.platform.clock.now();
    // A points board keeps the id it always had; another currency's board has one of its own.
    const currency = board.currency === 'points' ? '' : `:${board.currency}`;
    const messageId = factMessageId(
      board.closedAt,
      `leaderboard.month_closed:${board.projectId}:${board.groupId}:${board.month}${currency}`,
    );
    const data = { groupId: board.groupId, currency: board.currency, month: board.month, top: board.top };
    await this.outbox.add(this.db, board.projectId, [{ type: 'leaderboard.month_closed', data, at, messageId }]);
    this.dispatcher.wake();
  }

  /** The daily clean-up: delivered and failed messages older than LOG_DAYS leave the logs. */
  async pruneLogs(now: number): Promise<void> {
    const before = firstMessageIdAt(now - LOG_DAYS * DAY_MS);
    for (const e of await this.repo.all(this.db)) {
      while ((await this.deliveries.prune(e.project_id, e.webhook_id, before, 5_000)) > 0) await new Promise((r) => setImmediate(r));
    }
  }
}
