import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { generateClientTypes } from '../../../scripts/client-codegen.mjs';
import { describeBackends, signToken, TEST_ADMIN_TOKEN } from '../../../test/helpers/test-app.js';
import { createLaurelClient, LaurelError, unwrap } from './index.js';

describeBackends('@laurel/client', (t) => {
  /** A fetch that hands the request to the app in process (app.inject), as a real server would get it. */
  const injectFetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const body = request.body ? await request.text() : undefined;
    const res = await t.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      payload: body,
    });
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    });
  };

  it('is generated from the OpenAPI document the server serves now (run npm run generate:client when this fails)', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
    const committed = readFileSync(new URL('./schema.ts', import.meta.url), 'utf8');
    expect(await generateClientTypes(doc)).toBe(committed);
  });

  it('sends events and reads a leaderboard, typed, with a service token', async () => {
    expect((await t.admin('POST', '/admin/event', { eventId: 'purchase', title: 'Purchase', reward: { default: 10 } })).statusCode).toBe(
      201,
    );
    const laurel = createLaurelClient({
      baseUrl: 'http://laurel.test',
      auth: { token: () => signToken({ sub: 'shop', role: 'service', projectId: 'default' }) },
      fetch: injectFetch,
    });
    await unwrap(laurel.POST('/user', { body: { userId: 'alice' } }));
    const logged = await unwrap(laurel.POST('/event', { body: { eventId: 'purchase', userId: 'alice' } }));
    expect(logged.data.pointsAwarded).toBe(10);
    const month = new Date(t.app.platform.clock.now()).toISOString().slice(0, 7);
    const board = await unwrap(
      laurel.GET('/project/{projectId}/leaderboard', { params: { path: { projectId: 'default' }, query: { groupId: 'default', month } } }),
    );
    expect(board.users.map((u) => [u.userId, u.points, u.rank])).toEqual([['alice', 10, 1]]);
  });

  it('turns an error answer into a LaurelError with the code, and sends the admin token with the project', async () => {
    const admin = createLaurelClient({
      baseUrl: 'http://laurel.test',
      auth: { adminToken: TEST_ADMIN_TOKEN, projectId: 'default' },
      fetch: injectFetch,
    });
    const err = await unwrap(admin.GET('/admin/offer/{offerId}', { params: { path: { offerId: 'nope' } } })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LaurelError);
    expect(err).toMatchObject({ statusCode: 404, code: 'OFFER_NOT_FOUND' });
  });
});
