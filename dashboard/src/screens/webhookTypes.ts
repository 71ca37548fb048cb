/**
 * What the webhooks screens read and send (the admin API's /admin/webhook, docs/webhooks.md): the
 * shapes are the generated client's (via ../api/types), so the dashboard typecheck fails when they drift.
 */
import type { Ok, WebhookMessageType } from '../api/types';

type Item<T> = T extends readonly (infer I)[] ? I : never;

/**
 * The message types a subscription can name, in the order the form offers them. The type of each
 * entry comes from the webhook message schemas of the OpenAPI document; the compiler rejects a
 * type the API does not have and (below) one the API has that is missing here.
 */
export const MESSAGE_TYPES = [
  'points.changed',
  'challenge.completed',
  'streak.milestone_reached',
  'achievement.unlocked',
  'referral.joined',
  'referral.flagged',
  'referral.qualified',
  'offer.redeemed',
  'coupon.used',
  'survey.answered',
  'user.deleted',
  'leaderboard.month_closed',
  'tier.changed',
  'level.reached',
  'points.expiring',
  'campaign.budget_spent',
  'campaign.started',
  'campaign.ended',
  'webhook.test',
] as const satisfies readonly WebhookMessageType[];
const everyMessageType: Exclude<WebhookMessageType, (typeof MESSAGE_TYPES)[number]> extends never ? true : false = true;
void everyMessageType;

export type WebhookEndpoint = Item<Ok<'listWebhooks'>>;
export type WebhookWithSecret = Ok<'createWebhook'>;
export type WebhookDelivery = Item<Ok<'listWebhookDeliveries'>>;

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
