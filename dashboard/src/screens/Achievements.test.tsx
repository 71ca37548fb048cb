import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';
import { backfillText } from './AchievementBackfill';
import { achievementsConfig, achievementToBody } from './Achievements';

describe('achievements in the dashboard', () => {
  const form = () => ({ ...achievementsConfig.blank(), title: { de: '', en: '100 purchases' }, eventId: 'purchase' });

  it('sends criteria.threshold without levels, and the levels without it', () => {
    expect(achievementToBody({ ...form(), threshold: '3' })).toMatchObject({
      criteria: { kind: 'eventCount', eventId: 'purchase', threshold: 3 },
    });
    const laddered = achievementToBody({
      ...form(),
      levels: [
        { level: '1', threshold: '10', title: 'bronze', points: '' },
        { level: '2', threshold: '50', title: 'silver', points: '50' },
      ],
    });
    expect(laddered.criteria).toEqual({ kind: 'eventCount', eventId: 'purchase' });
    expect(laddered.levels).toEqual([
      { level: 1, threshold: 10, title: { en: 'bronze' } },
      { level: 2, threshold: 50, title: { en: 'silver' }, points: 50 },
    ]);
  });

  it('sends only the criteria fields of the chosen kind', () => {
    expect(achievementToBody({ ...form(), kind: 'streakLength', streakId: 'daily', threshold: '7' }).criteria).toEqual({
      kind: 'streakLength',
      streakId: 'daily',
      threshold: 7,
    });
  });

  it('lists the achievements with what they count, their levels and the rarity of each level as a chart', async () => {
    signedIn();
    window.history.replaceState(null, '', '/dashboard/achievements');
    const api = fakeApi({
      'GET /admin/project': { status: 200, body: [] },
      'GET /admin/achievement': {
        status: 200,
        body: [
          {
            achievementId: 'purchases',
            title: { en: '100 purchases' },
            description: {},
            image: null,
            status: 'ACTIVE',
            secret: false,
            points: 10,
            backfillPoints: false,
            criteria: { kind: 'eventCount', eventId: 'purchase' },
            levels: [
              { level: 1, threshold: 10 },
              { level: 2, threshold: 50 },
            ],
            createdAt: 1,
            updatedAt: 1,
            rarityByLevel: { '1': 0.25, '2': 0.05 },
          },
        ],
      },
    });
    render(<App fetchImpl={api.fetchImpl} />);
    expect(await screen.findByText('100 purchases')).toBeInTheDocument();
    expect(screen.getByText('Events counted')).toBeInTheDocument();
    expect(screen.getByText('1: 10 · 2: 50')).toBeInTheDocument();
    const chart = await screen.findByTestId('achievement-rarity');
    expect(await screen.findByText('100 purchases: users with each level (%)')).toBeInTheDocument();
    const rows = [...chart.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['level 1', '25'],
      ['level 2', '5'],
    ]);
  });

  it('shows the progress of each achievement’s backfill, asked again while it runs', async () => {
    signedIn();
    window.history.replaceState(null, '', '/dashboard/achievements');
    const backfill = (status: string, usersChecked: number) => ({
      status: 200,
      body: { achievementId: 'purchases', backfill: { jobId: 'job_1', status, usersChecked, liveUsers: 250, createdAt: 1 } },
    });
    const answers = [backfill('running', 100), backfill('done', 250)];
    const api = fakeApi({
      'GET /admin/project': { status: 200, body: [] },
      'GET /admin/achievement': {
        status: 200,
        body: [
          {
            achievementId: 'purchases',
            title: { en: '100 purchases' },
            description: {},
            image: null,
            status: 'ACTIVE',
            secret: false,
            points: 10,
            backfillPoints: false,
            criteria: { kind: 'eventCount', eventId: 'purchase', threshold: 1 },
            levels: null,
            createdAt: 1,
            updatedAt: 1,
            rarityByLevel: { '1': 0 },
          },
        ],
      },
      'GET /admin/achievement/purchases/backfill': () => answers.shift() ?? backfill('done', 250),
    });
    render(<App fetchImpl={api.fetchImpl} />);
    expect(await screen.findByText(/running: 100 of 250 users checked/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Backfill of purchases' })).toHaveAttribute('value', '100');
    expect(await screen.findByText(/done: 250 users checked/, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Backfill of purchases' })).toBeNull();
    const asked = api.calls.filter((c) => c.path === '/admin/achievement/purchases/backfill').length;
    // Done: not asked again.
    await new Promise((r) => setTimeout(r, 1500));
    expect(api.calls.filter((c) => c.path === '/admin/achievement/purchases/backfill').length).toBe(asked);
  });

  it('says what a backfill that never ran, is queued or failed is', () => {
    expect(backfillText(null)).toBe('none');
    const b = { jobId: 'job_1', usersChecked: 1200, liveUsers: 3000, createdAt: 1 };
    expect(backfillText({ ...b, status: 'queued' })).toBe('queued');
    expect(backfillText({ ...b, status: 'failed' })).toBe('failed after 1,200 of 3,000 users checked');
  });
});
