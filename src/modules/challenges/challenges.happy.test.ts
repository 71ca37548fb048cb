import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, DAY, defineEvent, history, NOW, sendEvent } from '../events/events.test-factory.js';
import { challengeIds, defineChallenge, userChallenges } from './challenges.test-factory.js';

describeSharedApp('challenges: happy path', (t) => {
  async function setup() {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'purchase', reward: { default: 10 } });
    await t.createUser('alice');
  }

  it('counts a FIXED challenge, completes it once and pays its points once with a CHALLENGE history entry', async () => {
    await setup();
    await defineChallenge(t, { challengeId: 'buy3', goal: 3, points: 50, title: { de: 'Drei Käufe', en: 'Three purchases' } });
    const first = await sendEvent(t, 'alice', { eventId: 'purchase' });
    expect(first.json().data.challenges).toEqual([{ challengeId: 'buy3', progress: 1, goal: 3, completed: false, pointsAwarded: 0 }]);
    await sendEvent(t, 'alice', { eventId: 'purchase' });
    const third = await sendEvent(t, 'alice', { eventId: 'purchase' });
    expect(third.json().data.challenges).toEqual([{ challengeId: 'buy3', progress: 3, goal: 3, completed: true, pointsAwarded: 50 }]);
    const fourth = await sendEvent(t, 'alice', { eventId: 'purchase' });
    expect(fourth.json().data.challenges).toEqual([]);
    expect(await balance(t, 'alice')).toBe(4 * 10 + 50);

    const { challenges, lastEvaluatedKey } = await userChallenges(t, 'alice');
    expect(lastEvaluatedKey).toBeNull();
    expect(challenges).toHaveLength(1);
    expect(challenges[0]).toMatchObject({
      challengeId: 'buy3',
      status: 'COMPLETED',
      goal: 3,
      points: 50,
      type: 'FIXED',
      progress: 3,
      completed: true,
      seriesId: null,
      isLastStep: false,
    });
    expect(Date.parse(challenges[0]!.completedDate as string)).toBeGreaterThanOrEqual(NOW);

    const entries = (await history(t, 'alice')).json() as Array<{ type: string; id: string; points: number; title: unknown }>;
    const challengeEntries = entries.filter((e) => e.type === 'CHALLENGE');
    expect(challengeEntries).toHaveLength(1);
    expect(challengeEntries[0]).toMatchObject({ points: 50, title: { de: 'Drei Käufe', en: 'Three purchases' } });
    expect(challengeEntries[0]!.id).toMatch(/^CHALLENGE#buy3#\d+$/);
  });

  it('filters the list with completed=true and completed=false', async () => {
    await setup();
    await defineChallenge(t, { challengeId: 'one', goal: 1 });
    await defineChallenge(t, { challengeId: 'two', goal: 2 });
    await sendEvent(t, 'alice', { eventId: 'purchase' });
    expect(await challengeIds(t, 'alice')).toEqual(['one', 'two']);
    expect(await challengeIds(t, 'alice', '?completed=true')).toEqual(['one']);
    expect(await challengeIds(t, 'alice', '?completed=false')).toEqual(['two']);
    const single = await t.inject({ method: 'GET', url: '/user/alice/challenge/two', headers: await t.auth('alice') });
    expect(single.statusCode).toBe(200);
    expect(single.json().challenge).toMatchObject({
      challengeId: 'two',
      progress: 1,
      goal: 2,
      completed: false,
      completedDate: null,
      status: 'ACTIVE',
    });
  });

  it('adds up a metadata field for a SUM challenge and honours its conditions', async () => {
    await setup();
    await defineChallenge(t, {
      challengeId: 'spend100',
      type: 'SUM',
      valueField: 'amount',
      goal: 100,
      points: 20,
      conditions: { type: 'AND', conditions: [{ field: 'shop', operator: 'equals', value: 'berlin' }] },
    });
    await sendEvent(t, 'alice', { eventId: 'purchase', metadata: { amount: 40, shop: 'berlin' } });
    const other = await sendEvent(t, 'alice', { eventId: 'purchase', metadata: { amount: 500, shop: 'hamburg' } });
    expect(other.json().data.challenges).toEqual([]);
    const noAmount = await sendEvent(t, 'alice', { eventId: 'purchase', metadata: { shop: 'berlin' } });
    expect(noAmount.json().data.challenges).toEqual([]);
    const done = await sendEvent(t, 'alice', { eventId: 'purchase', metadata: { amount: 70.5, shop: 'berlin' } });
    expect(done.json().data.challenges).toEqual([
      { challengeId: 'spend100', progress: 110.5, goal: 100, completed: true, pointsAwarded: 20 },
    ]);
  });

  it('opens a series step by step; the event that completes a step does not count for the next', async () => {
    await setup();
    await defineChallenge(t, { challengeId: 's1', seriesId: 'weekly-buyer', step: 1, goal: 1, points: 5 });
    await defineChallenge(t, { challengeId: 's2', seriesId: 'weekly-buyer', step: 2, goal: 2, points: 10, isLastStep: true });
    expect(await challengeIds(t, 'alice')).toEqual(['s1']);
    expect((await t.inject({ method: 'GET', url: '/user/alice/challenge/s2', headers: await t.auth('alice') })).statusCode).toBe(404);

    const first = await sendEvent(t, 'alice', { eventId: 'purchase' });
    expect(first.json().data.challenges).toEqual([{ challengeId: 's1', progress: 1, goal: 1, completed: true, pointsAwarded: 5 }]);
    const list = (await userChallenges(t, 'alice')).challenges;
    expect(list.map((c) => [c.challengeId, c.status, c.progress, c.isLastStep])).toEqual([
      ['s1', 'COMPLETED', 1, false],
      ['s2', 'ACTIVE', 0, true],
    ]);
    await sendEvent(t, 'alice', { eventId: 'purchase' });
    const last = await sendEvent(t, 'alice', { eventId: 'purchase' });
    expect(last.json().data.challenges).toEqual([{ challengeId: 's2', progress: 2, goal: 2, completed: true, pointsAwarded: 10 }]);
    expect(await balance(t, 'alice')).toBe(30 + 5 + 10);
  });

  it('hides a time-limited challenge before its start, counts it between the dates and shows EXPIRED after', async () => {
    await setup();
    await defineChallenge(t, { challengeId: 'week', goal: 3, points: 30, startDate: NOW + DAY, endDate: NOW + 3 * DAY });
    expect(await challengeIds(t, 'alice')).toEqual([]);
    expect((await sendEvent(t, 'alice', { eventId: 'purchase' })).json().data.challenges).toEqual([]);

    await t.setClock(NOW + 2 * DAY);
    await sendEvent(t, 'alice', { eventId: 'purchase' });
    expect((await userChallenges(t, 'alice')).challenges[0]).toMatchObject({ challengeId: 'week', status: 'ACTIVE', progress: 1 });

    await t.setClock(NOW + 4 * DAY);
    expect((await sendEvent(t, 'alice', { eventId: 'purchase' })).json().data.challenges).toEqual([]);
    expect((await userChallenges(t, 'alice')).challenges[0]).toMatchObject({
      challengeId: 'week',
      status: 'EXPIRED',
      progress: 1,
      completed: false,
    });
    expect(await challengeIds(t, 'alice', '?completed=false')).toEqual(['week']);
  });

  it('counts an offline event by its timestamp inside the window, not one from before the start', async () => {
    await setup();
    await defineChallenge(t, { challengeId: 'promo', goal: 5, startDate: NOW, endDate: NOW + 10 * DAY });
    await t.setClock(NOW + 2 * DAY);
    // Dated 3 days back: the application's backend (a service token) sends it; a user token may go back 72 hours.
    const service = await t.serviceAuth();
    const before = await sendEvent(t, 'alice', { eventId: 'purchase', timestamp: new Date(NOW - DAY).toISOString() }, service);
    expect(before.json().data.challenges).toEqual([]);
    const inside = await sendEvent(t, 'alice', { eventId: 'purchase', timestamp: new Date(NOW + DAY).toISOString() }, service);
    expect(inside.json().data.challenges).toEqual([{ challengeId: 'promo', progress: 1, goal: 5, completed: false, pointsAwarded: 0 }]);
  });

  it('ignores inactive challenges and events that do not qualify', async () => {
    await setup();
    await defineEvent(t, {
      eventId: 'big',
      reward: { default: 1 },
      conditions: { type: 'AND', conditions: [{ field: 'amount', operator: 'greater_than', value: 10 }] },
    });
    await defineChallenge(t, { challengeId: 'off', goal: 1, status: 'INACTIVE' });
    await defineChallenge(t, { challengeId: 'bigOne', eventId: 'big', goal: 1 });
    expect((await sendEvent(t, 'alice', { eventId: 'purchase' })).json().data.challenges).toEqual([]);
    expect((await sendEvent(t, 'alice', { eventId: 'big', metadata: { amount: 5 } })).json().data.challenges).toEqual([]);
    expect(await challengeIds(t, 'alice')).toEqual(['bigOne']);
  });

  it('reports the latest time a challenge opened or completed for the user', async () => {
    await setup();
    const { challenges } = t.app.services;
    expect(await challenges.lastActivityAt(t.projectId, 'alice')).toBeNull();
    await defineChallenge(t, { challengeId: 's1', seriesId: 's', step: 1, goal: 1 });
    const created = (await challenges.lastActivityAt(t.projectId, 'alice'))!;
    expect(created - NOW).toBeGreaterThanOrEqual(0);
    await defineChallenge(t, { challengeId: 's2', seriesId: 's', step: 2, goal: 1, isLastStep: true });
    await defineChallenge(t, { challengeId: 'later', goal: 1, startDate: NOW + 5 * DAY });
    expect(await challenges.lastActivityAt(t.projectId, 'alice')).toBeLessThan(NOW + DAY);

    await t.setClock(NOW + DAY);
    await sendEvent(t, 'alice', { eventId: 'purchase' });
    const completed = (await challenges.lastActivityAt(t.projectId, 'alice'))!;
    expect(completed).toBeGreaterThanOrEqual(NOW + DAY);
    expect(completed).toBeLessThan(NOW + 2 * DAY);
    expect(await challenges.lastActivityAt(t.projectId, 'bob')).toBeLessThan(NOW + DAY);

    await t.setClock(NOW + 6 * DAY);
    expect(await challenges.lastActivityAt(t.projectId, 'alice')).toBe(NOW + 5 * DAY);
  });

  it('deletes the user progress in batches', async () => {
    await setup();
    await defineChallenge(t, { challengeId: 'a', goal: 5 });
    await defineChallenge(t, { challengeId: 'b', goal: 5 });
    await defineChallenge(t, { challengeId: 'c', goal: 5 });
    await sendEvent(t, 'alice', { eventId: 'purchase' });
    const { challenges } = t.app.services;
    expect(await challenges.deleteUserData(t.projectId, 'alice', 2)).toBe(2);
    expect(await challenges.deleteUserData(t.projectId, 'alice', 2)).toBe(1);
    expect(await challenges.deleteUserData(t.projectId, 'alice', 2)).toBe(0);
    expect((await userChallenges(t, 'alice')).challenges.map((c) => c.progress)).toEqual([0, 0, 0]);
  });
});
