import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { storeUnavailableBody } from '../../http/error-handler.js';
import { within, type StoreName } from '../../platform/store-outage.js';

/** How long readiness waits for each store; both are asked at once, so the answer comes within a second. */
export const READY_CHECK_MS = 750;

const StoreState = Type.Union([Type.Literal('ok'), Type.Literal('unavailable'), Type.Literal('disabled')]);
const Stores = Type.Object(
  { database: StoreState, redis: StoreState },
  { description: 'State of each store; redis is disabled in embedded mode' },
);
const Live = Type.Object({ status: Type.Literal('ok') });
const Ready = Type.Object({ status: Type.Literal('ok'), dialect: Type.String(), stores: Stores });
const NotReady = Type.Object(
  { statusCode: Type.Integer(), error: Type.String(), message: Type.String(), code: Type.String(), stores: Stores },
  { description: 'The error body (message names the store), plus the state of each store' },
);

/**
 * GET /health: liveness. 200 while the process serves requests; it touches no store, so a store
 * outage never makes an orchestrator restart healthy instances.
 * GET /health/ready: readiness. 200 when the store (and Redis in scale mode) answer within
 * READY_CHECK_MS; else 503 STORE_UNAVAILABLE naming the store, within a second either way.
 */
export async function healthRoutes(app: App): Promise<void> {
  const { db, redis } = app.platform;
  const schema = { tags: ['operations'] };

  app.get(
    '/health',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'getHealth',
        description: 'Liveness: answers 200 while the process serves requests, without touching the stores. Use it as the liveness probe.',
        ...schema,
        summary: 'Liveness',
        response: { 200: Live },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'getReadiness',
        description:
          'Readiness: 200 when the database (and Redis in scale mode) answer, 503 with the failing store named otherwise. Use it as ' +
          'the readiness probe and in load balancers.',
        ...schema,
        summary: 'Readiness: the stores answer',
        response: { 200: Ready, 503: NotReady },
      },
    },
    async (_req, reply) => {
      const answers = (store: StoreName, ping: () => Promise<unknown>) =>
        within(READY_CHECK_MS, store, ping()).then(
          () => 'ok' as const,
          () => 'unavailable' as const,
        );
      const [database, redisState] = await Promise.all([
        answers('database', () => db.ping()),
        redis ? answers('redis', () => redis.client.ping()) : Promise.resolve('disabled' as const),
      ]);
      const stores = { database, redis: redisState };
      if (database === 'ok' && redisState !== 'unavailable') return { status: 'ok' as const, dialect: db.dialect, stores };
      const down: StoreName = database !== 'ok' ? 'database' : 'redis';
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({ ...storeUnavailableBody(down), stores });
    },
  );
}
