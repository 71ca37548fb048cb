import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';
import { offersConfig, offerToBody } from './Offers';

function openAlice(routes: Parameters<typeof fakeApi>[0] = {}) {
  signedIn();
  window.history.replaceState(null, '', '/dashboard/users/alice');
  const api = fakeApi({
    'GET /admin/project': { status: 200, body: [] },
    'GET /user/alice/points': { status: 200, body: { userId: 'alice', points: 3, userExists: true } },
    'GET /user/alice/history': { status: 204 },
    'GET /user/alice/challenge': { status: 200, body: { challenges: [], lastEvaluatedKey: null } },
    'GET /user/alice/streak': { status: 200, body: { streaks: [], count: 0 } },
    'GET /user/alice/coupon': { status: 200, body: [] },
    'GET /user/alice': { status: 200, body: { userId: 'alice', createdAt: 0, timeZone: 'Pacific/Auckland' } },
    'GET /admin/streak': {
      status: 200,
      body: [
        {
          streakId: 'visit',
          title: { en: 'Daily visit' },
          timeFrame: 'daily',
          eventIds: ['purchase'],
          milestones: [],
          freezes: { max: 3, earnEveryMilestone: false },
          status: 'ACTIVE',
        },
        {
          streakId: 'plain',
          title: { en: 'Plain' },
          timeFrame: 'daily',
          eventIds: ['purchase'],
          milestones: [],
          freezes: null,
          status: 'ACTIVE',
        },
      ],
    },
    ...routes,
  });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

describe('time zone and freezes on the user screen', () => {
  it("shows the user's time zone and changes it with PATCH /user/{userId}", async () => {
    const user = userEvent.setup({ delay: null });
    const api = openAlice({
      'PATCH /user/alice': (call) => ({ status: 200, body: { userId: 'alice', timeZone: (call.body as { timeZone: string }).timeZone } }),
    });
    expect((await screen.findByTestId('time-zone')).textContent).toBe('Pacific/Auckland');
    const input = screen.getByLabelText('IANA time zone');
    await user.clear(input);
    await user.type(input, 'Europe/Berlin');
    await user.click(screen.getByRole('button', { name: 'Change time zone' }));
    expect(await screen.findByText('Time zone set to Europe/Berlin.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: '/user/alice', body: { timeZone: 'Europe/Berlin' } });
  });

  it('shows a refused zone beside the field', async () => {
    const user = userEvent.setup({ delay: null });
    openAlice({
      'PATCH /user/alice': {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'body/timeZone: unknown time zone Mars/Base', code: 'INVALID_TIME_ZONE' },
      },
    });
    const input = await screen.findByLabelText('IANA time zone');
    await user.clear(input);
    await user.type(input, 'Mars/Base');
    await user.click(screen.getByRole('button', { name: 'Change time zone' }));
    expect(await screen.findByText(/unknown time zone Mars\/Base/)).toBeInTheDocument();
  });

  it('grants freezes on a streak that has them', async () => {
    const user = userEvent.setup({ delay: null });
    const api = openAlice({
      'POST /admin/user/alice/streak/visit/freeze': {
        status: 200,
        body: { userId: 'alice', streakId: 'visit', granted: 2, freezes: { available: 2, used: 0, max: 3 } },
      },
    });
    const streak = await screen.findByRole('combobox', { name: 'Streak' });
    expect(Array.from((streak as HTMLSelectElement).options).map((o) => o.value)).toEqual(['visit']);
    const count = screen.getByLabelText('Freezes');
    await user.clear(count);
    await user.type(count, '2');
    await user.click(screen.getByRole('button', { name: 'Grant freezes' }));
    expect(await screen.findByText('Granted 2; 2 of 3 banked.')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
        path: '/admin/user/alice/streak/visit/freeze',
        body: { count: 2 },
      }),
    );
  });
});

describe('STREAK_FREEZE offers in the offer form', () => {
  const form = () => ({ ...offersConfig.blank(), title: { de: 'Frost', en: 'Freeze' } });

  it('sends the streak only for a STREAK_FREEZE offer, and reads it back', () => {
    expect(offerToBody({ ...form(), type: 'STREAK_FREEZE', streakId: 'visit' })).toMatchObject({
      type: 'STREAK_FREEZE',
      streakId: 'visit',
    });
    expect(offerToBody({ ...form(), type: 'LOCAL', streakId: 'visit' }).streakId).toBeUndefined();
    expect(
      offersConfig.toForm({ ...offerToBody({ ...form(), type: 'STREAK_FREEZE', streakId: 'visit' }), offerId: 'f', points: 10 } as never),
    ).toMatchObject({ streakId: 'visit' });
  });
});
