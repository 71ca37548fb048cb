import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { errors, Millis } from '../../http/schemas.js';

const ClockBody = Type.Object({ now: Millis() }, { additionalProperties: false });
const ClockState = Type.Object({ now: Type.Integer() });

/**
 * The test clock (docs/api.md, Test clock): registered only with LAUREL_TEST_CLOCK=1, otherwise these
 * routes do not exist (404). In scale mode the offset is kept in Redis and broadcast to every instance.
 */
export async function clockRoutes(app: App): Promise<void> {
  const { testClock, redis, bus } = app.platform;
  if (!testClock) return;
  const config = { auth: 'adminGlobal' as const };
  const schema = { tags: ['admin: test clock'], security: [{ adminToken: [] }] };

  app.get(
    '/admin/clock',
    {
      config,
      schema: {
        operationId: 'getTestClock',
        summary: 'The test clock',
        description: 'The time the service works with (Unix ms). Only with LAUREL_TEST_CLOCK=1.',
        ...schema,
        response: { 200: ClockState, ...errors(401) },
      },
    },
    () => ({ now: testClock.now() }),
  );
  app.put(
    '/admin/clock',
    {
      config,
      schema: {
        operationId: 'setTestClock',
        summary: 'Set the test clock',
        description:
          'Sets the time every instance works with (Unix ms), for tests of limits, streaks and month ends. Only with LAUREL_TEST_CLOCK=1.',
        ...schema,
        body: ClockBody,
        response: { 200: ClockState, ...errors(400, 401) },
      },
    },
    async (req) => {
      testClock.set(req.body.now);
      if (redis) await redis.client.set('test-clock-offset', String(testClock.offset));
      await bus.publish('clock', String(testClock.offset));
      return { now: testClock.now() };
    },
  );
}
