import { expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { defineChallenge, userChallenges } from '../challenges/challenges.test-factory.js';
import { balance, defineEvent, NOW, sendEvent } from './events.test-factory.js';

describeBackends('events: exact decimal arithmetic', (t) => {
  it.each([
    [19.99, 1999],
    [0.29, 29],
    [1.15, 115],
    [4.35, 435],
  ])('pays floor(%s × 100) = %s points for a TRANSACTION event', async (amount, points) => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', type: 'TRANSACTION', rewardValueField: 'amount', reward: { default: 100 }, limit: null });
    await t.createUser('ann');
    const res = await sendEvent(t, 'ann', { eventId: 'buy', metadata: { amount } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ points, pointsAwarded: points });
    expect(await balance(t, 'ann')).toBe(points);
  });

  it('completes a SUM goal of 50 with 12.11 + 19.99 + 17.90 and shows progress 50', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'purchase', reward: { default: 0 }, limit: null });
    await defineChallenge(t, { challengeId: 'spend50', type: 'SUM', valueField: 'amount', goal: 50, points: 7 });
    await t.createUser('ann');
    const answers = [];
    for (const amount of [12.11, 19.99, 17.9]) answers.push(await sendEvent(t, 'ann', { eventId: 'purchase', metadata: { amount } }));
    expect(answers.map((r) => r.json().data.challenges[0].progress)).toEqual([12.11, 32.1, 50]);
    expect(answers[2]!.json().data.challenges[0]).toMatchObject({ completed: true, pointsAwarded: 7 });
    expect(answers[2]!.body).toContain('"progress":50,');
    const [challenge] = (await userChallenges(t, 'ann')).challenges;
    expect(challenge).toMatchObject({ challengeId: 'spend50', progress: 50, completed: true, status: 'COMPLETED' });
    expect(await balance(t, 'ann')).toBe(7);
  });

  it('completes a SUM goal of 1 with ten events of 0.1, not earlier', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'purchase', reward: { default: 0 }, limit: null });
    await defineChallenge(t, { challengeId: 'one', type: 'SUM', valueField: 'amount', goal: 1, points: 3 });
    await t.createUser('ann');
    for (let i = 1; i <= 9; i++) await sendEvent(t, 'ann', { eventId: 'purchase', metadata: { amount: 0.1 } });
    const [open] = (await userChallenges(t, 'ann')).challenges;
    expect(open).toMatchObject({ progress: 0.9, completed: false });
    const last = await sendEvent(t, 'ann', { eventId: 'purchase', metadata: { amount: 0.1 } });
    expect(last.json().data.challenges[0]).toMatchObject({ progress: 1, completed: true, pointsAwarded: 3 });
    expect((await userChallenges(t, 'ann')).challenges[0]).toMatchObject({ progress: 1, completed: true });
  });
});
