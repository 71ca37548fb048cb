import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineChallenge } from '../challenges/challenges.test-factory.js';

const NOW = Date.UTC(2026, 0, 15, 12);

describeSharedApp('notifications: challenges flag with the real challenges service', (t) => {
  it('flags a challenge that opened after the challenges marker', async () => {
    await t.setClock(NOW);
    await t.createUser('alice');
    const headers = await t.auth('alice');
    const get = async () =>
      (await t.inject({ method: 'GET', url: '/user/alice/notifications/overview', headers })).json().hasUnseenChallenges;
    expect(await get()).toBe(false);
    await defineChallenge(t, { challengeId: 'c1', goal: 1 });
    expect(await get()).toBe(true);
    await t.inject({ method: 'PUT', url: '/user/alice/notifications/overview', headers, payload: { screenId: 'challenges' } });
    expect(await get()).toBe(false);
    await t.setClock(NOW + 60_000);
    await defineChallenge(t, { challengeId: 'c2', goal: 1 });
    expect(await get()).toBe(true);
  });
});
