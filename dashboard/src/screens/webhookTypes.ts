/** What the webhooks screens read and send (the admin API's /admin/webhook, docs/webhooks.md). */
export const MESSAGE_TYPES = [
  'points.changed',
  'challenge.completed',
  'streak.milestone_reached',
  'offer.redeemed',
  'coupon.used',
  'survey.answered',
  'user.deleted',
  'leaderboard.month_closed',
  'tier.changed',
  'points.expiring',
  'webhook.test',
] as const;

export interface WebhookEndpoint {
  webhookId: string;
  url: string;
  events: string[];
  status: 'ACTIVE' | 'INACTIVE';
  description: string;
  secretHint: string;
  failingSince: number | null;
  disabledReason: string | null;
  disabledAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface WebhookWithSecret extends WebhookEndpoint {
  secret: string;
}

export interface WebhookDelivery {
  messageId: string;
  type: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  createdAt: number;
  firstAttemptAt: number | null;
  lastAttemptAt: number | null;
  lastStatusCode: number | null;
  lastResponse: string | null;
  lastError: string | null;
  nextAttemptAt: number | null;
  deliveredAt: number | null;
  payload: unknown;
}

/** The last answer of a delivery in a few words. */
export function lastAnswer(d: WebhookDelivery): string {
  if (d.lastStatusCode !== null) return `HTTP ${d.lastStatusCode}`;
  if (d.lastError) return d.lastError;
  return 'not sent yet';
}

/** The body of a full update that keeps everything but the status. */
export function withStatus(w: WebhookEndpoint, status: WebhookEndpoint['status']) {
  return { url: w.url, events: w.events, status, description: w.description };
}
