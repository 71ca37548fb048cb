import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';
import { currencyRewardsToBody, currencyRewardsToForm } from './EventCurrencyRewards';

const points = {
  currencyId: 'points',
  title: { en: 'Points' },
  spendable: true,
  pointsExpiry: null,
  levels: [],
  status: 'ACTIVE',
  createdAt: 0,
  updatedAt: 0,
};
const xp = { ...points, currencyId: 'xp', title: { en: 'Experience' }, spendable: false };
const quiz = {
  eventId: 'quiz',
  title: 'Quiz',
  type: 'FIXED',
  status: 'ACTIVE',
  reward: { default: 10 },
  rewardValueField: null,
  limit: null,
  limitPeriod: 'daily',
  maximumReward: null,
  currencyRewards: { xp: { default: 5, gold: 8 } },
  maximumRewards: { xp: 40, coins: 3 },
  conditions: null,
  metadataFields: [],
  requiresApiKey: false,
};

function openEvents(routes: Parameters<typeof fakeApi>[0]) {
  signedIn();
  window.history.replaceState(null, '', '/dashboard/events');
  const api = fakeApi({ 'GET /admin/project': { status: 200, body: [] }, 'GET /admin/usergroup': { status: 200, body: [] }, ...routes });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

describe('event definitions: rewards in other currencies', () => {
  it('keeps group rates and a cap without a reward when a saved definition goes through the form', () => {
    const rows = currencyRewardsToForm(quiz);
    expect(rows.map((r) => [r.currency, r.points, r.maximum])).toEqual([
      ['xp', '5', '40'],
      ['coins', '', '3'],
    ]);
    expect(currencyRewardsToBody(rows)).toEqual({ currencyRewards: { xp: { default: 5, gold: 8 } }, maximumRewards: { xp: 40, coins: 3 } });
    expect(currencyRewardsToBody([])).toEqual({ currencyRewards: undefined, maximumRewards: undefined });
  });

  it('has no currency rows while the project has only points', async () => {
    const user = userEvent.setup({ delay: null });
    openEvents({ 'GET /admin/event': { status: 200, body: [] }, 'GET /admin/currency': { status: 200, body: [points] } });
    await user.click(await screen.findByRole('button', { name: 'New event' }));
    expect(screen.queryByRole('group', { name: 'Other currencies' })).toBeNull();
  });

  it('sends currencyRewards and maximumRewards, and says what the event pays', async () => {
    const user = userEvent.setup({ delay: null });
    const api = openEvents({
      'GET /admin/event': { status: 200, body: [] },
      'GET /admin/currency': { status: 200, body: [points, xp] },
      'POST /admin/event': (call) => ({ status: 201, body: call.body }),
    });
    await user.click(await screen.findByRole('button', { name: 'New event' }));
    await user.type(screen.getByLabelText('Event id'), 'quiz');
    await user.type(screen.getByLabelText('Title'), 'Quiz');
    const rows = await screen.findByRole('group', { name: 'Other currencies' });
    await user.click(within(rows).getByRole('button', { name: '+ Add currency reward' }));
    expect((within(rows).getByLabelText('Currency 1') as HTMLSelectElement).value).toBe('xp');
    expect(within(within(rows).getByLabelText('Currency 1')).queryByRole('option', { name: /^points/ })).toBeNull();
    await user.type(within(rows).getByLabelText('Reward'), '5');
    await user.type(within(rows).getByLabelText('Cap per event'), '40');
    expect(screen.getByText(/^Awards 10 points and 5 xp \(at most 40\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      reward: { default: 10 },
      currencyRewards: { xp: { default: 5 } },
      maximumRewards: { xp: 40 },
    });
  });
});
