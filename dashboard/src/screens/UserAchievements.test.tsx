import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';

describe("a user's achievements on the user page", () => {
  it('shows the level unlocked by name, the next threshold and the rarity', async () => {
    signedIn();
    window.history.replaceState(null, '', '/dashboard/users/alice');
    const api = fakeApi({
      'GET /admin/project': { status: 200, body: [] },
      'GET /user/alice/points': { status: 200, body: { userId: 'alice', points: 3, userExists: true } },
      'GET /user/alice/history': { status: 204 },
      'GET /user/alice/challenge': { status: 200, body: { challenges: [], lastEvaluatedKey: null } },
      'GET /user/alice/streak': { status: 200, body: { count: 0, streaks: [] } },
      'GET /user/alice/coupon': { status: 200, body: [] },
      'GET /user/alice/achievement': {
        status: 200,
        body: {
          achievements: [
            {
              achievementId: 'purchases',
              title: { en: '100 purchases' },
              description: {},
              image: null,
              secret: false,
              kind: 'eventCount',
              levels: [
                { level: 1, threshold: 10, title: { en: 'bronze' }, image: null, points: 10 },
                { level: 2, threshold: 50, title: { en: 'silver' }, image: null, points: 50 },
              ],
              rarity: 0.25,
              rarityByLevel: { '1': 0.25, '2': 0 },
              unlocked: true,
              level: 1,
              unlockedAt: '2026-01-15T12:00:00.000Z',
              backfilled: false,
              progress: 12,
              nextThreshold: 50,
              unlockedLevels: [{ level: 1, unlockedAt: '2026-01-15T12:00:00.000Z', backfilled: false }],
            },
          ],
        },
      },
    });
    render(<App fetchImpl={api.fetchImpl} />);
    const list = await screen.findByTestId('user-achievements');
    expect(list.textContent).toContain('100 purchases');
    expect(list.textContent).toContain('bronze');
    expect(list.textContent).toContain('progress 12 · next at 50 · unlocked 2026-01-15 · 25 % of users');
  });
});
