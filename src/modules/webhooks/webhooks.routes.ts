import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { errors } from '../../http/schemas.js';
import { messageSchema, WEBHOOK_TYPES } from './webhook-types.js';
import { DeliveriesQuery, Delivery, DeliveryParams, Webhook, WebhookBody, WebhookParams, WebhookWithSecret } from './webhooks.schemas.js';

/**
 * /admin/webhook: endpoints (the secret shown in full only when created or rotated), a test
 * message, and each endpoint's delivery log with a manual retry. The message bodies are in the
 * OpenAPI components (`Webhook<Type>`). The dispatcher starts and stops with the services
 * (src/services.ts).
 */
export async function webhooksRoutes(app: App): Promise<void> {
  const { webhooks } = app.services;
  const tags = ['admin: webhooks'];
  const security = [{ adminToken: [] }];
  for (const type of WEBHOOK_TYPES) app.addSchema(messageSchema(type));

  app.post(
    '/admin/webhook',
    {
      schema: {
        operationId: 'createWebhook',
        description:
          'Registers an endpoint for some message types or all (*). Answers with the endpoint and its signing secret, shown only here.',
        tags,
        security,
        summary: 'Register an endpoint (its secret is shown only in this response)',
        body: WebhookBody,
        response: { 201: WebhookWithSecret, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await webhooks.create(req.principal.projectId, req.body)),
  );
  app.get(
    '/admin/webhook',
    {
      schema: {
        operationId: 'listWebhooks',
        description: "The project's webhook endpoints, without their secrets.",
        tags,
        security,
        summary: 'The endpoints of the project',
        response: { 200: Type.Array(Webhook), ...errors(401, 404) },
      },
    },
    (req) => webhooks.list(req.principal.projectId),
  );
  app.get(
    '/admin/webhook/:webhookId',
    {
      schema: {
        operationId: 'getWebhook',
        summary: 'Get a webhook endpoint',
        description: 'One endpoint with its delivery health, without its secret.',
        tags,
        security,
        params: WebhookParams,
        response: { 200: Webhook, ...errors(400, 401, 404) },
      },
    },
    (req) => webhooks.get(req.principal.projectId, req.params.webhookId),
  );
  app.put(
    '/admin/webhook/:webhookId',
    {
      schema: {
        operationId: 'updateWebhook',
        description: "Replaces an endpoint's URL, types, status and description.",
        tags,
        security,
        summary: 'Full update; INACTIVE holds pending messages, ACTIVE again sends them',
        params: WebhookParams,
        body: WebhookBody,
        response: { 200: Webhook, ...errors(400, 401, 404) },
      },
    },
    (req) => webhooks.update(req.principal.projectId, req.params.webhookId, req.body),
  );
  app.delete(
    '/admin/webhook/:webhookId',
    {
      schema: {
        operationId: 'deleteWebhook',
        description: 'Deletes the endpoint, its pending messages and its delivery log.',
        tags,
        security,
        summary: 'Delete the endpoint and its log',
        params: WebhookParams,
        response: { 204: Type.Null(), ...errors(400, 401, 404) },
      },
    },
    async (req, reply) => {
      await webhooks.delete(req.principal.projectId, req.params.webhookId);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/admin/webhook/:webhookId/rotate-secret',
    {
      schema: {
        operationId: 'rotateWebhookSecret',
        description: 'Creates a new signing secret; for 24 hours messages carry signatures by both the old and the new one.',
        tags,
        security,
        summary: 'A new secret (shown only in this response); the old one also signs for 24 hours',
        params: WebhookParams,
        response: { 200: WebhookWithSecret, ...errors(400, 401, 404) },
      },
    },
    (req) => webhooks.rotateSecret(req.principal.projectId, req.params.webhookId),
  );
  app.post(
    '/admin/webhook/:webhookId/test',
    {
      schema: {
        operationId: 'testWebhook',
        description: "Sends a webhook.test message at once and answers with the delivery attempt's result.",
        tags,
        security,
        summary: 'Send a webhook.test message now; answers with its delivery after the attempt',
        params: WebhookParams,
        response: { 200: Delivery, ...errors(400, 401, 404, 409) },
      },
    },
    (req) => webhooks.test(req.principal.projectId, req.params.webhookId),
  );
  app.get(
    '/admin/webhook/:webhookId/deliveries',
    {
      schema: {
        operationId: 'listWebhookDeliveries',
        description: "The endpoint's delivery attempts, newest first, filtered by status; the next page's cursor is in x-next-cursor.",
        tags,
        security,
        summary: 'Delivery log, newest first (next page in x-next-cursor)',
        params: WebhookParams,
        querystring: DeliveriesQuery,
        response: { 200: Type.Array(Delivery), ...errors(400, 401, 404) },
      },
    },
    async (req, reply) => {
      const page = await webhooks.log(req.principal.projectId, req.params.webhookId, req.query);
      if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
      return page.items;
    },
  );
  app.post(
    '/admin/webhook/:webhookId/deliveries/:messageId/retry',
    {
      schema: {
        operationId: 'retryWebhookDelivery',
        description: "Sends one message to the endpoint again now, whatever its state, and answers with the attempt's result.",
        tags,
        security,
        summary: 'Send one message again now; answers with its delivery after the attempt',
        params: DeliveryParams,
        response: { 200: Delivery, ...errors(400, 401, 404, 409) },
      },
    },
    (req) => webhooks.retry(req.principal.projectId, req.params.webhookId, req.params.messageId),
  );
}
