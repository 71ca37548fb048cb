/**
 * The reference of the ingest and redemption benchmarks: bare Fastify routes that validate the same
 * POST /event and redeem bodies with the same validator setup and answer a JSON object of a similar
 * size, touching no storage and no auth. The read benchmark's reference (bench/reads/reads.ts) is
 * `GET /bare/user/{userId}`: a validated path parameter and a small JSON answer; and for the routes whose
 * answers are larger, `GET /bare/sized/{userId}?bytes=N`: the same parameter and a JSON answer of exactly N
 * bytes, made once per size (what sending that many bytes costs, with no work to make them).
 */
import Fastify from 'fastify';
import { registerValidation } from '../../src/http/validation.js';
import { PostEventBody } from '../../src/modules/events/events.schemas.js';
import { RedeemBody } from '../../src/modules/offers/offers.schemas.js';

const app = Fastify({ logger: false, bodyLimit: 256 * 1024 });
registerValidation(app);
app.post('/event', { schema: { body: PostEventBody } }, (req) => {
  const body = req.body as { userId: string; eventId: string; metadata?: Record<string, unknown> };
  return {
    statusCode: 200,
    success: true,
    message: 'Event erfolgreich geloggt',
    data: { userId: body.userId, eventId: body.eventId, points: 10, metadata: body.metadata ?? {} },
  };
});
app.post('/user/:userId/offer/:offerId/redeem', { schema: { body: RedeemBody } }, (req) => {
  const { userId, offerId } = req.params as { userId: string; offerId: string };
  return {
    success: true,
    data: {
      userId,
      offerId,
      points: 1,
      balance: 999_999,
      coupon: { couponId: 'cpn_0123456789abcdef', code: 'ABCD-EFGH-JKLM', status: 'ACTIVE', createdAt: new Date(0).toISOString() },
    },
  };
});
app.get(
  '/bare/user/:userId',
  { schema: { params: { type: 'object', properties: { userId: { type: 'string', maxLength: 256 } }, required: ['userId'] } } },
  (req) => {
    const { userId } = req.params as { userId: string };
    return { userId, userExists: true, points: 1250, pendingPoints: 0, tier: { tierId: 'silver', since: new Date(0).toISOString() } };
  },
);
/** JSON text of exactly `bytes` bytes (at least 10), by size. */
const sized = new Map<number, string>();
app.get(
  '/bare/sized/:userId',
  {
    schema: {
      params: { type: 'object', properties: { userId: { type: 'string', maxLength: 256 } }, required: ['userId'] },
      querystring: { type: 'object', properties: { bytes: { type: 'integer', minimum: 10, maximum: 10_000_000 } }, required: ['bytes'] },
    },
  },
  (req, reply) => {
    const { bytes } = req.query as { bytes: number };
    let body = sized.get(bytes);
    if (body === undefined) sized.set(bytes, (body = `{"pad":"${'x'.repeat(bytes - 10)}"}`));
    return reply.type('application/json; charset=utf-8').send(body);
  },
);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
