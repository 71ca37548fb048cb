/** The tables of outbound webhooks (migration 0800_webhooks). */
export interface WebhookEndpointsTable {
  project_id: string;
  webhook_id: string;
  url: string;
  /** JSON array of message types, or ["*"]. */
  events: string;
  /** ACTIVE | INACTIVE */
  status: string;
  description: string;
  /** `whsec_<base64 of 24 random bytes>`: signs every delivery. */
  secret: string;
  /** The secret before the last rotation: deliveries carry its signature too until `previous_secret_until`. */
  previous_secret: string | null;
  previous_secret_until: number | null;
  /** The first failed attempt since the last success (null while the endpoint succeeds). */
  failing_since: number | null;
  /** Why Laurel set the endpoint INACTIVE (null when the operator did, or while ACTIVE). */
  disabled_reason: string | null;
  disabled_at: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * The outbox: one row per message and endpoint. `status` is `pending` (to send; `next_attempt_at`
 * null while its endpoint is INACTIVE), `delivered` or `failed`. `locked_by`/`locked_until` is the
 * lease of the dispatcher sending it.
 */
export interface WebhookDeliveriesTable {
  project_id: string;
  webhook_id: string;
  /** `msg_<time><unique>`: the webhook-id header, the same on every attempt. */
  message_id: string;
  type: string;
  /** The exact body sent (and signed) on every attempt. */
  payload: string;
  status: string;
  attempts: number;
  next_attempt_at: number | null;
  first_attempt_at: number | null;
  last_attempt_at: number | null;
  last_status_code: number | null;
  /** The first 1 KB of the last response body. */
  last_response: string | null;
  /** Why the last attempt failed without a response (timeout, refused address, connection error). */
  last_error: string | null;
  delivered_at: number | null;
  locked_by: string | null;
  locked_until: number | null;
  created_at: number;
}

declare module '../../platform/db/schema.js' {
  interface DB {
    webhook_endpoints: WebhookEndpointsTable;
    webhook_deliveries: WebhookDeliveriesTable;
  }
}
