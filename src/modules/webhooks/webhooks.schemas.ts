import { Type, type Static } from 'typebox';
import { ResourceId, Status } from '../../http/schemas.js';
import { WEBHOOK_TYPES } from './webhook-types.js';

/** A message type an endpoint takes, or `*` for all of them. */
export const EventName = Type.Union([...WEBHOOK_TYPES.map((t) => Type.Literal(t)), Type.Literal('*')]);

export const WebhookBody = Type.Object(
  {
    webhookId: Type.Optional(ResourceId),
    url: Type.String({ minLength: 1, maxLength: 2048, description: 'http(s) URL the messages are POSTed to' }),
    events: Type.Array(EventName, {
      minItems: 1,
      maxItems: WEBHOOK_TYPES.length,
      uniqueItems: true,
      description: 'Message types, or ["*"] for all',
    }),
    status: Status,
    description: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type WebhookBody = Static<typeof WebhookBody>;

const nullableMs = (description: string) => Type.Union([Type.Integer(), Type.Null()], { description: `${description} (Unix ms)` });

export const Webhook = Type.Object({
  webhookId: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  status: Status,
  description: Type.String(),
  secretHint: Type.String({ description: 'The first characters of the secret (the secret itself is shown only when created or rotated)' }),
  failingSince: nullableMs('First failed attempt since the last success; null while deliveries succeed'),
  disabledReason: Type.Union([Type.String(), Type.Null()], {
    description: 'Why Laurel set the endpoint INACTIVE (3 days without a successful delivery); null otherwise',
  }),
  disabledAt: nullableMs('When Laurel set it INACTIVE'),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type Webhook = Static<typeof Webhook>;

export const WebhookWithSecret = Type.Object({
  ...Webhook.properties,
  secret: Type.String({ description: 'whsec_<base64 of 24 random bytes>; shown in full only in this response' }),
});

export const DeliveryStatus = Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]);

export const Delivery = Type.Object({
  messageId: Type.String({ description: 'The webhook-id header, the same on every attempt' }),
  type: Type.String(),
  status: DeliveryStatus,
  attempts: Type.Integer(),
  createdAt: Type.Integer(),
  firstAttemptAt: nullableMs('First attempt'),
  lastAttemptAt: nullableMs('Last attempt'),
  lastStatusCode: Type.Union([Type.Integer(), Type.Null()], { description: 'HTTP status of the last answer; null when there was none' }),
  lastResponse: Type.Union([Type.String(), Type.Null()], { description: 'The first 1 KB of the last answer' }),
  lastError: Type.Union([Type.String(), Type.Null()], {
    description: 'Why the last attempt got no answer (timeout, refused address, connection error)',
  }),
  nextAttemptAt: nullableMs('Next attempt of a pending message; null when done, or while the endpoint is INACTIVE'),
  deliveredAt: nullableMs('When a 2xx answer was had'),
  payload: Type.Unknown({ description: 'The body sent: { type, timestamp, data }' }),
});
export type Delivery = Static<typeof Delivery>;

export const WebhookParams = Type.Object({ webhookId: ResourceId });
export const DeliveryParams = Type.Object({ webhookId: ResourceId, messageId: Type.String({ pattern: '^msg_[a-z0-9]{1,60}$' }) });
export const DeliveriesQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    cursor: Type.Optional(Type.String({ pattern: '^msg_[a-z0-9]{1,60}$', description: 'x-next-cursor of the previous page' })),
    status: Type.Optional(DeliveryStatus),
  },
  { additionalProperties: false },
);
