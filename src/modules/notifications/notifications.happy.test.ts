import { expect, it } from 'vitest';
import { describeSharedApp, type TestContext } from '../../../test/helpers/test-app.js';

const JAN = Date.UTC(2026, 0, 15, 12);
const MIN = 60_000;

async function overview(t: TestContext, userId: string) {
  const res = await t.inject({ method: 'GET', url: `/v1/user/${userId}/notifications/overview`, headers: await t.auth(userId) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function seen(t: TestContext, userId: string, screenId: string) {
  return t.inject({ method: 'PUT', url: `/user/${userId}/notifications/overview`, headers: await t.auth(userId), payload: { screenId } });
}

async function change(t: TestContext, userId: string, payload?: object) {
  return t.inject({
    method: 'PUT',
    url: `/user/${userId}/notifications/change`,
    headers: await t.auth(userId),
    ...(payload ? { payload } : {}),
  });
}

describeSharedApp('notifications: happy path', (t) => {
  it('shows all flags false for a user that does not exist', async () => {
    expect(await overview(t, 'nobody')).toEqual({
      userId: 'nobody',
      hasUnseenChallenges: false,
      hasUnseenRewards: false,
      hasUnseenSurveys: false,
      hasUnseenAchievements: false,
    });
  });

  it('flags a new ledger entry as unseen rewards until the rewards screen is seen', async () => {
    await t.setClock(JAN);
    await t.createUser('alice');
    expect((await overview(t, 'alice')).hasUnseenRewards).toBe(false);
    await t.admin('POST', '/admin/user/alice/points', { points: 10, reason: 'bonus' });
    expect((await overview(t, 'alice')).hasUnseenRewards).toBe(true);
    const res = await seen(t, 'alice', 'rewards');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect((await overview(t, 'alice')).hasUnseenRewards).toBe(false);
    await t.setClock(JAN + MIN);
    await t.admin('POST', '/admin/user/alice/points', { points: 5, reason: 'more' });
    expect((await overview(t, 'alice')).hasUnseenRewards).toBe(true);
  });

  it('does not flag rewards for an entry that leaves the balance unchanged (over the limit, 0 reward)', async () => {
    await t.setClock(JAN);
    expect(
      (await t.admin('POST', '/admin/event', { eventId: 'checkin', title: 'Check-in', reward: { default: 10 }, limit: 1 })).statusCode,
    ).toBe(201);
    await t.createUser('carl');
    const send = async () =>
      t.inject({ method: 'POST', url: '/event', headers: await t.auth('carl'), payload: { userId: 'carl', eventId: 'checkin' } });
    expect((await send()).json().data.points).toBe(10);
    expect((await seen(t, 'carl', 'rewards')).statusCode).toBe(200);
    await t.setClock(JAN + MIN);
    const overLimit = await send();
    expect(overLimit.json().data).toMatchObject({ points: 0, limitReached: true });
    expect((await overview(t, 'carl')).hasUnseenRewards).toBe(false);
    // Without any marker, a user whose only entries are 0-point ones has nothing unseen either.
    expect((await t.admin('POST', '/admin/event', { eventId: 'visit', title: 'Visit', reward: { default: 0 } })).statusCode).toBe(201);
    await t.createUser('dina');
    const visit = await t.inject({
      method: 'POST',
      url: '/event',
      headers: await t.auth('dina'),
      payload: { userId: 'dina', eventId: 'visit' },
    });
    expect(visit.json().data.points).toBe(0);
    expect((await overview(t, 'dina')).hasUnseenRewards).toBe(false);
    await t.admin('POST', '/admin/user/dina/points', { points: 5, reason: 'welcome' });
    expect((await overview(t, 'dina')).hasUnseenRewards).toBe(true);
  });

  it('flags a coupon issued after the rewards marker', async () => {
    await t.setClock(JAN);
    await t.createUser('bob');
    expect((await seen(t, 'bob', 'rewards')).statusCode).toBe(200);
    await t.setClock(JAN + MIN);
    await t.admin('POST', '/admin/coupon', { userId: 'bob', title: 'x', validUntil: JAN + 10 * MIN });
    expect((await overview(t, 'bob')).hasUnseenRewards).toBe(true);
  });

  it('counts everything as unseen again after a reset with true', async () => {
    await t.setClock(JAN);
    await t.createUser('carol');
    await t.admin('POST', '/admin/user/carol/points', { points: 10, reason: 'bonus' });
    await seen(t, 'carol', 'rewards');
    expect((await overview(t, 'carol')).hasUnseenRewards).toBe(false);
    const unchanged = await change(t, 'carol', { resetRewards: false, resetSurveys: true });
    expect(unchanged.statusCode).toBe(200);
    expect((await overview(t, 'carol')).hasUnseenRewards).toBe(false);
    const res = await change(t, 'carol', { resetRewards: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect((await overview(t, 'carol')).hasUnseenRewards).toBe(true);
    expect((await change(t, 'carol')).statusCode).toBe(200);
  });

  it('flags an available unanswered survey that became valid after the surveys marker', async () => {
    await t.setClock(JAN);
    await t.createUser('dora');
    const options = [{ optionId: 'a', label: 'A' }];
    await t.admin('POST', '/admin/survey', { surveyId: 's1', title: 'x', type: 'SINGLE', options });
    expect((await overview(t, 'dora')).hasUnseenSurveys).toBe(true);
    await seen(t, 'dora', 'surveys');
    expect((await overview(t, 'dora')).hasUnseenSurveys).toBe(false);
    await t.admin('POST', '/admin/survey', { surveyId: 's2', title: 'y', type: 'SINGLE', options, validFrom: JAN + 10 * MIN });
    expect((await overview(t, 'dora')).hasUnseenSurveys).toBe(false);
    await t.setClock(JAN + 11 * MIN);
    expect((await overview(t, 'dora')).hasUnseenSurveys).toBe(true);
    const answered = await t.inject({
      method: 'PUT',
      url: '/user/dora/survey/s2',
      headers: await t.auth('dora'),
      payload: { userId: 'dora', surveyId: 's2', responses: ['a'] },
    });
    expect(answered.statusCode).toBe(201);
    expect((await overview(t, 'dora')).hasUnseenSurveys).toBe(false);
  });

  it('flags a survey switched back to ACTIVE after the surveys marker, not a mere edit', async () => {
    await t.setClock(JAN);
    await t.createUser('fred');
    const body = { title: 'x', type: 'SINGLE', options: [{ optionId: 'a', label: 'A' }] };
    await t.admin('POST', '/admin/survey', { surveyId: 's1', ...body, status: 'INACTIVE' });
    await seen(t, 'fred', 'surveys');
    await t.setClock(JAN + MIN);
    expect((await t.admin('PUT', '/admin/survey/s1', { ...body, title: 'typo', status: 'INACTIVE' })).statusCode).toBe(200);
    expect((await overview(t, 'fred')).hasUnseenSurveys).toBe(false);
    await t.admin('PUT', '/admin/survey/s1', { ...body, status: 'ACTIVE' });
    expect((await overview(t, 'fred')).hasUnseenSurveys).toBe(true);
    await seen(t, 'fred', 'surveys');
    await t.setClock(JAN + 2 * MIN);
    await t.admin('PUT', '/admin/survey/s1', { ...body, title: 'edited' });
    expect((await overview(t, 'fred')).hasUnseenSurveys).toBe(false);
  });

  it('keeps challenges false while no challenge activity is known', async () => {
    await t.createUser('erin');
    expect((await overview(t, 'erin')).hasUnseenChallenges).toBe(false);
    expect((await seen(t, 'erin', 'challenges')).statusCode).toBe(200);
  });
});
