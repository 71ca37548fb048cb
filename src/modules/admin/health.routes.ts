import { Type } from 'typebox';
import type { App } from '../../app.js';

const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  database: Type.String(),
  redis: Type.String(),
});

/** GET /health: 200 when the store (and Redis in scale mode) answers, else 503. */
export async function healthRoutes(app: App): Promise<void> {
  const { db, redis } = app.platform;
  app.get('/health', { config: { auth: 'public' }, schema: { tags: ['operations'], response: { 200: Health, 503: Health } } }, async (_req, reply) => {
    const database = await db.ping().then(
      () => 'ok',
      () => 'unavailable',
    );
    const redisState = redis
      ? await redis.client.ping().then(
          () => 'ok',
          () => 'unavailable',
        )
      : 'disabled';
    const ok = database === 'ok' && redisState !== 'unavailable';
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', database: `${db.dialect}: ${database}`, redis: redisState });
  });
}
