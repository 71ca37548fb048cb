import { Type } from 'typebox';
import type { App } from '../../app.js';
import { errors } from '../../http/schemas.js';

const ClockBody = Type.Object({ now: Type.Integer({ minimum: 0, description: 'Unix ms' }) }, { additionalProperties: false });
const ClockState = Type.Object({ now: Type.Integer() });

/**
 * The test clock (CONTRACT.md section 6): registered only with LAUREL_TEST_CLOCK=1, otherwise these
 * routes do not exist (404). In scale mode the offset is kept in Redis and broadcast to every instance.
 */
export async function clockRoutes(app: App): Promise<void> {
  const { testClock, redis, bus } = app.platform;
  if (!testClock) return;
  const config = { auth: 'adminGlobal' as const };
  const schema = { tags: ['admin: test clock'], security: [{ adminToken: [] }] };

  app.get('/admin/clock', { config, schema: { ...schema, response: { 200: ClockState, ...errors(401) } } }, () => ({ now: testClock.now() }));
  app.put('/admin/clock', { config, schema: { ...schema, body: ClockBody, response: { 200: ClockState, ...errors(400, 401) } } }, async (req) => {
    testClock.set(req.body.now);
    if (redis) await redis.client.set('test-clock-offset', String(testClock.offset));
    await bus.publish('clock', String(testClock.offset));
    return { now: testClock.now() };
  });
}
