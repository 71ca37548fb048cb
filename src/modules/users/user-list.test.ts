import { expect, it } from 'vitest';
import { describeSharedApp, type TestContext } from '../../../test/helpers/test-app.js';
import { defineEvent, NOW, sendEvent } from '../events/events.test-factory.js';

async function list(t: TestContext, query = '', projectId?: string) {
  const res = await t.admin('GET', `/admin/user${query}`, undefined, projectId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    users: Array<{ userId: string; points: number; lastActiveAt: number | null; createdAt: number }>;
    nextCursor: string | null;
  };
}

const ids = (page: { users: Array<{ userId: string }> }) => page.users.map((u) => u.userId);

describeSharedApp('users list (GET /admin/user)', (t) => {
  /** ann (created first, 10 points, active at +3 s), bob (5 points, active at +4 s), cat (0 points, never active), andy (adjusted only). */
  async function fourUsers() {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', type: 'TRANSACTION', rewardValueField: 'amount', reward: { default: 1 } });
    for (const [i, userId] of ['ann', 'bob', 'cat', 'andy'].entries()) {
      await t.setClock(NOW + i * 700); // apart enough that a slow request cannot reorder them
      await t.createUser(userId);
    }
    await t.setClock(NOW + 3000);
    expect((await sendEvent(t, 'ann', { eventId: 'buy', metadata: { amount: 10 } })).statusCode).toBe(200);
    await t.setClock(NOW + 4000);
    expect((await sendEvent(t, 'bob', { eventId: 'buy', metadata: { amount: 5 } })).statusCode).toBe(200);
    expect((await t.admin('POST', '/admin/user/andy/points', { points: 7, reason: 'goodwill' })).statusCode).toBe(201);
  }

  it('lists users newest first with balance, last activity and creation time', async () => {
    await fourUsers();
    const page = await list(t);
    expect(ids(page)).toEqual(['andy', 'cat', 'bob', 'ann']);
    expect(page.nextCursor).toBeNull();
    const ann = page.users.find((u) => u.userId === 'ann')!;
    expect(ann.points).toBe(10);
    expect(Math.floor((ann.lastActiveAt! - NOW) / 1000)).toBe(3);
    expect(Math.floor((ann.createdAt - NOW) / 1000)).toBe(0);
    // An admin adjustment moves the balance but is not the user's activity.
    expect(page.users.find((u) => u.userId === 'andy')).toMatchObject({ points: 7, lastActiveAt: null });
    expect(page.users.find((u) => u.userId === 'cat')).toMatchObject({ points: 0, lastActiveAt: null });
  });

  it('sorts by points and by last activity (never active last), ties by userId', async () => {
    await fourUsers();
    expect(ids(await list(t, '?sort=points'))).toEqual(['ann', 'andy', 'bob', 'cat']);
    expect(ids(await list(t, '?sort=lastActive'))).toEqual(['bob', 'ann', 'andy', 'cat']);
  });

  it('finds users by userId prefix, case-sensitively', async () => {
    await fourUsers();
    expect(ids(await list(t, '?prefix=an&sort=points'))).toEqual(['ann', 'andy']);
    expect(ids(await list(t, '?prefix=An'))).toEqual([]);
    expect(ids(await list(t, '?prefix=cat'))).toEqual(['cat']);
  });

  it('pages with a cursor in every order, each user once', async () => {
    await fourUsers();
    for (const sort of ['createdAt', 'points', 'lastActive']) {
      const all = ids(await list(t, `?sort=${sort}`));
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await list(t, `?sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...ids(page));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen, sort).toEqual(all);
    }
  });

  it('leaves out users of other projects and users being deleted', async () => {
    await fourUsers();
    await t.admin('POST', '/admin/project', { projectId: 'shop-eu', name: 'Shop EU' });
    await t.createUser('eve', 'shop-eu');
    expect(ids(await list(t, '', 'shop-eu'))).toEqual(['eve']);
    expect((await t.inject({ method: 'DELETE', url: '/user/cat', headers: await t.auth('cat') })).statusCode).toBe(200);
    expect(ids(await list(t))).toEqual(['andy', 'bob', 'ann']);
  });

  it('refuses a cursor of another order, a bad cursor, an unknown sort and a bad prefix, and non-admin callers', async () => {
    await fourUsers();
    const { nextCursor } = await list(t, '?sort=points&limit=1');
    for (const [query, code] of [
      [`?sort=createdAt&cursor=${nextCursor}`, 'INVALID_CURSOR'],
      ['?cursor=garbage', 'INVALID_CURSOR'],
      ['?sort=name', 'VALIDATION_ERROR'],
      ['?prefix=a%2Fb', 'VALIDATION_ERROR'],
      ['?limit=0', 'VALIDATION_ERROR'],
    ] as const) {
      const res = await t.admin('GET', `/admin/user${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String), code });
    }
    for (const headers of [await t.auth('ann'), await t.serviceAuth(), {}]) {
      expect((await t.inject({ method: 'GET', url: '/admin/user', headers })).statusCode).toBe(401);
    }
  });
});
