import type { Platform } from '../../platform/platform.js';
import type { AttemptRow, ClaimedDelivery, WebhookDeliveriesRepository } from './deliveries.repository.js';
import type { EndpointCache } from './endpoint-cache.js';
import { DISABLE_AFTER_MS, nextAttemptAt } from './retry-schedule.js';
import type { AttemptResult } from './webhook-sender.js';
import type { Endpoint, WebhookEndpointsRepository } from './webhooks.repository.js';

/** One attempt's outcome, as written back to its row. */
export interface Outcome {
  row: AttemptRow;
  endpoint: Endpoint | undefined;
  result: AttemptResult;
}

/**
 * What an attempt leaves on its delivery row: delivered; scheduled again (retry-schedule.ts), or held
 * while its endpoint is not ACTIVE; or, past 24 h, failed. The claim is released.
 */
export function attemptOutcome(row: ClaimedDelivery, endpoint: Endpoint | undefined, result: AttemptResult, now: number): Outcome {
  const attempts = Number(row.attempts) + 1;
  const first = row.first_attempt_at === null ? now : Number(row.first_attempt_at);
  const next = result.ok ? null : nextAttemptAt(attempts, first, now);
  const held = !result.ok && next !== null && endpoint?.status !== 'ACTIVE';
  return {
    endpoint,
    result,
    row: {
      project_id: row.project_id,
      webhook_id: row.webhook_id,
      message_id: row.message_id,
      status: result.ok ? 'delivered' : next === null ? 'failed' : 'pending',
      attempts,
      next_attempt_at: held ? null : next,
      first_attempt_at: first,
      last_attempt_at: now,
      last_status_code: result.statusCode,
      last_response: result.response,
      last_error: result.error,
      delivered_at: result.ok ? now : row.delivered_at,
      locked_by: null,
      locked_until: null,
    },
  };
}

/**
 * The health of the endpoints the dispatcher sends to (webhook-dispatcher.ts): an endpoint failing
 * without a success for 3 days is set INACTIVE with the reason, and its pending deliveries are held.
 */
export class EndpointHealth {
  constructor(
    private readonly platform: Platform,
    private readonly endpoints: EndpointCache,
    private readonly endpointsRepo: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
  ) {}

  /** Per endpoint: a success ends its failing period; a failure starts one, and after 3 days disables it. */
  async note(outcomes: readonly Outcome[]): Promise<void> {
    const byEndpoint = new Map<Endpoint, Outcome[]>();
    for (const o of outcomes) if (o.endpoint) byEndpoint.set(o.endpoint, [...(byEndpoint.get(o.endpoint) ?? []), o]);
    const db = this.platform.db.kysely;
    for (const [e, list] of byEndpoint) {
      if (list.some((o) => o.result.ok)) {
        // Only an endpoint known to be failing has something to clear (every change of that state drops the cache).
        if (e.failingSince !== null && (await this.endpointsRepo.succeeded(db, e.projectId, e.webhookId)))
          await this.endpoints.changed(e.projectId);
        continue;
      }
      const last = list[list.length - 1]!;
      const at = Number(last.row.last_attempt_at);
      if (e.failingSince === null) {
        if (await this.endpointsRepo.failed(db, e.projectId, e.webhookId, Number(list[0]!.row.last_attempt_at)))
          await this.endpoints.changed(e.projectId);
        continue;
      }
      if (e.status !== 'ACTIVE' || at - e.failingSince < DISABLE_AFTER_MS) continue;
      const why = last.result.statusCode !== null ? `HTTP ${last.result.statusCode}` : last.result.error;
      const reason = `No successful delivery since ${new Date(e.failingSince).toISOString()} (3 days); the last attempt got ${why}`;
      if (await this.endpointsRepo.disableFailing(db, e.projectId, e.webhookId, at - DISABLE_AFTER_MS, at, reason)) {
        await this.deliveries.hold(db, e.projectId, e.webhookId);
        await this.endpoints.changed(e.projectId);
        this.platform.log.warn({ projectId: e.projectId, webhookId: e.webhookId }, `webhook endpoint disabled: ${reason}`);
      }
    }
  }
}
