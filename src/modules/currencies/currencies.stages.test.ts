import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineChallenge } from '../challenges/challenges.test-factory.js';
import { defineEvent, NOW, sendEvent } from '../events/events.test-factory.js';
import { defineStreak, purchaseAt, at } from '../streaks/streaks.test-factory.js';
import { answer, createSurvey } from '../surveys/surveys.test-factory.js';
import { defineCurrency, wallet } from './currencies.test-factory.js';

describeSharedApp('currencies: challenges, streak milestones and surveys pay a currency', (t) => {
  it('pays a challenge in xp and leaves points alone', async () => {
    await t.setClock(NOW);
    await defineCurrency(t);
    await defineEvent(t, { eventId: 'purchase', reward: { default: 1 } });
    const c = await defineChallenge(t, {
      challengeId: 'three',
      eventId: 'purchase',
      goal: 3,
      points: 150,
      currency: 'xp',
      title: { en: 'Three' },
    });
    expect(c).toMatchObject({ points: 150, currency: 'xp' });
    await t.createUser('alice');
    let last;
    for (let i = 0; i < 3; i++) last = (await sendEvent(t, 'alice', { eventId: 'purchase' })).json().data;
    expect(last.challenges).toEqual([{ challengeId: 'three', progress: 3, goal: 3, completed: true, pointsAwarded: 150 }]);
    expect(last.levelUps).toEqual([{ currency: 'xp', level: 1, threshold: 100, title: { en: 'Bronze' } }]);
    const w = await wallet(t, 'alice');
    expect(w.points!.balance).toBe(3);
    expect(w.xp).toMatchObject({ balance: 150, lifetime: 150, level: 1 });
  });

  it('pays streak milestones in their own currencies, in one entry per currency', async () => {
    await defineCurrency(t);
    await defineEvent(t, { eventId: 'purchase', reward: { default: 0 } });
    await defineStreak(t, {
      streakId: 'daily',
      milestones: [
        { count: 2, points: 5 },
        { count: 2, points: 40, currency: 'xp' },
      ],
    });
    await t.createUser('bob');
    await purchaseAt(t, 'bob', at('2026-03-01T10:00:00Z'));
    const second = await purchaseAt(t, 'bob', at('2026-03-02T10:00:00Z'));
    expect(second.streaks[0]).toMatchObject({ milestoneReached: true, pointsAwarded: 5 });
    const w = await wallet(t, 'bob');
    expect(w.points!.balance).toBe(5);
    expect(w.xp!.balance).toBe(40);
  });

  it('pays a survey answer in xp', async () => {
    await defineCurrency(t);
    const s = await createSurvey(t, { surveyId: 'taste', points: 30, currency: 'xp' });
    expect(s).toMatchObject({ points: 30, currency: 'xp' });
    await t.createUser('cat');
    expect((await answer(t, 'cat', 'taste', ['a'])).statusCode).toBe(201);
    const w = await wallet(t, 'cat');
    expect(w.points!.balance).toBe(0);
    expect(w.xp!.balance).toBe(30);
  });

  it('refuses a challenge, milestone or survey paying an unknown currency', async () => {
    await defineEvent(t, { eventId: 'purchase' });
    const challenge = await t.admin('POST', '/admin/challenge', {
      challengeId: 'x',
      eventId: 'purchase',
      goal: 1,
      points: 1,
      currency: 'gems',
      title: { en: 'X' },
    });
    expect(challenge.json()).toMatchObject({ statusCode: 400, code: 'UNKNOWN_CURRENCY' });
    const streak = await t.admin('POST', '/admin/streak', {
      streakId: 'y',
      title: { en: 'Y' },
      timeFrame: 'daily',
      eventIds: ['purchase'],
      milestones: [{ count: 2, points: 1, currency: 'gems' }],
    });
    expect(streak.json()).toMatchObject({ statusCode: 400, code: 'UNKNOWN_CURRENCY' });
    const survey = await t.admin('POST', '/admin/survey', {
      surveyId: 'z',
      title: 'Z',
      type: 'SINGLE',
      options: [{ optionId: 'a', label: 'A' }],
      points: 1,
      currency: 'gems',
    });
    expect(survey.json()).toMatchObject({ statusCode: 400, code: 'UNKNOWN_CURRENCY' });
    expect((await t.admin('GET', '/admin/challenge')).json()).toEqual([]);
  });

  it('counts another currency in the analytics when asked for it, points by default', async () => {
    await t.setClock(NOW);
    await defineCurrency(t);
    await defineEvent(t, { eventId: 'buy', reward: { default: 2 }, currencyRewards: { xp: { default: 30 } } });
    await defineEvent(t, { eventId: 'visit', reward: { default: 1 } });
    await t.createUser('dee');
    await sendEvent(t, 'dee', { eventId: 'buy' });
    await sendEvent(t, 'dee', { eventId: 'buy' });
    await sendEvent(t, 'dee', { eventId: 'visit' });
    const service = await t.serviceAuth();
    const read = async (q: string) => (await t.inject({ method: 'GET', url: `/stats/event${q}`, headers: service })).json();
    const points = await read('?period=7d');
    expect(points.data).toMatchObject({ totalEvents: 3, totalPoints: 5 });
    expect(points.currency).toBeUndefined();
    const xp = await read('?period=7d&currency=xp');
    expect(xp.currency).toBe('xp');
    expect(xp.data).toMatchObject({
      totalEvents: 3,
      totalPoints: 60,
      eventBreakdown: { buy: { count: 2, points: 60 }, visit: { count: 1, points: 0 } },
    });
    expect(xp.data.dailyData['2026-01-15'].points).toBe(60);
    const one = await read('?period=7d&eventId=buy&currency=xp');
    expect(one.data).toMatchObject({ totalCount: 2, pointsAwarded: 60 });
    expect((await t.inject({ method: 'GET', url: '/stats/event?currency=gems', headers: service })).json()).toMatchObject({
      statusCode: 400,
      code: 'UNKNOWN_CURRENCY',
    });
  });

  it('unlocks an achievement on xp earned and pays it in coins; a new one is backfilled from the xp lifetime', async () => {
    await t.setClock(NOW);
    await defineCurrency(t);
    await defineCurrency(t, { currencyId: 'coins', title: { en: 'Coins' }, spendable: true });
    await defineEvent(t, { eventId: 'buy', reward: { default: 1 }, currencyRewards: { xp: { default: 60 } } });
    const made = await t.admin('POST', '/admin/achievement', {
      achievementId: 'xp-100',
      title: { en: '100 xp' },
      points: 10,
      currency: 'coins',
      criteria: { kind: 'lifetimeEarned', currency: 'xp', threshold: 100 },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ points: 10, currency: 'coins', criteria: { currency: 'xp' } });
    await t.createUser('eli');
    expect((await sendEvent(t, 'eli', { eventId: 'buy' })).json().data.achievements).toEqual([]);
    const second = (await sendEvent(t, 'eli', { eventId: 'buy' })).json().data;
    expect(second.achievements).toEqual([{ achievementId: 'xp-100', level: 1 }]);
    const w = await wallet(t, 'eli');
    expect([w.points!.balance, w.xp!.balance, w.coins!.balance]).toEqual([2, 120, 10]);

    const late = await t.admin('POST', '/admin/achievement', {
      achievementId: 'xp-110',
      title: { en: '110 xp' },
      criteria: { kind: 'lifetimeEarned', currency: 'xp', threshold: 110 },
    });
    expect(late.json().backfillJobId).toEqual(expect.any(String));
    await t.app.services.jobs.runUntilIdle();
    const mine = (await t.inject({ method: 'GET', url: '/user/eli/achievement/xp-110', headers: await t.auth('eli') })).json();
    expect(mine.achievement).toMatchObject({ unlocked: true, level: 1 });
    const bad = await t.admin('POST', '/admin/achievement', {
      achievementId: 'gems',
      title: { en: 'Gems' },
      criteria: { kind: 'lifetimeEarned', currency: 'gems', threshold: 1 },
    });
    expect(bad.json()).toMatchObject({ statusCode: 400, code: 'UNKNOWN_CURRENCY' });
  });
});
