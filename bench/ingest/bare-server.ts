/**
 * The reference of the ingest benchmark: a bare Fastify route that validates the same POST /event
 * body with the same validator setup and answers a JSON object, touching no storage and no auth.
 */
import Fastify from 'fastify';
import { registerValidation } from '../../src/http/validation.js';
import { PostEventBody } from '../../src/modules/events/events.schemas.js';

const app = Fastify({ logger: false, bodyLimit: 256 * 1024 });
registerValidation(app);
app.post('/event', { schema: { body: PostEventBody } }, (req) => {
  const body = req.body as { userId: string; eventId: string; metadata?: Record<string, unknown> };
  return { statusCode: 200, success: true, message: 'Event erfolgreich geloggt', data: { userId: body.userId, eventId: body.eventId, points: 10, metadata: body.metadata ?? {} } };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
