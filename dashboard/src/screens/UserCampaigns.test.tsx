import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';
import { campaignOfEntry, campaignsOfEntry } from './UserCampaigns';

const entry = (id: string, type: string, points: number, title: string) => ({
  id,
  timestamp: Date.UTC(2026, 2, 7, 10),
  type,
  points,
  title: { de: title, en: title },
  description: { de: '', en: '' },
});
const history = [
  entry('CAMPAIGN#double-weekend#1772877600000', 'CAMPAIGN', 10, 'Double points on the weekend'),
  entry('EVENT#purchase#1772877600000', 'EVENT', 10, 'Purchase'),
];

function openUser(routes: Parameters<typeof fakeApi>[0]) {
  signedIn();
  window.history.replaceState(null, '', '/dashboard/users/alice');
  const api = fakeApi({
    'GET /admin/project': { status: 200, body: [] },
    'GET /user/alice/points': { status: 200, body: { userId: 'alice', points: 20, userExists: true } },
    'GET /user/alice/history': { status: 200, body: history },
    'GET /user/alice/challenge': { status: 200, body: { challenges: [], lastEvaluatedKey: null } },
    'GET /user/alice/streak': { status: 200, body: { streaks: [], count: 0 } },
    'GET /user/alice/coupon': { status: 200, body: [] },
    'GET /admin/event-log': { status: 200, body: { entries: [], nextCursor: null } },
    ...routes,
  });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

describe('campaigns on the user page', () => {
  it('reads the campaign of a CAMPAIGN entry from its id', () => {
    expect(campaignOfEntry({ id: 'CAMPAIGN#double-weekend#1772877600000', type: 'CAMPAIGN' })).toBe('double-weekend');
    expect(campaignOfEntry({ id: 'CAMPAIGN#a#b#12', type: 'CAMPAIGN' })).toBe('a#b');
    expect(campaignOfEntry({ id: 'EVENT#purchase#1', type: 'EVENT' })).toBeNull();
  });

  it('reads what each campaign added to an entry several campaigns share', () => {
    const shared = {
      id: 'CAMPAIGN#double+bonus#12',
      type: 'CAMPAIGN',
      campaigns: [
        { campaignId: 'double', points: 10 },
        { campaignId: 'bonus', points: 5 },
      ],
    };
    expect(campaignsOfEntry(shared)).toEqual(shared.campaigns);
    expect(campaignsOfEntry({ id: 'CAMPAIGN#double+bonus#12', type: 'CAMPAIGN' })).toEqual([
      { campaignId: 'double', points: null },
      { campaignId: 'bonus', points: null },
    ]);
    expect(campaignsOfEntry({ id: 'EVENT#purchase#1', type: 'EVENT' })).toEqual([]);
  });

  it('marks a campaign’s payment in the history and lists the attributes', async () => {
    openUser({
      'GET /user/alice': {
        status: 200,
        body: { userId: 'alice', createdAt: 1, timeZone: 'UTC', attributes: { plan: 'premium', newsletter: true } },
      },
    });
    const badge = await screen.findByRole('link', { name: 'campaign double-weekend' });
    expect(badge.closest('tr')!.textContent).toContain('Double points on the weekend');
    const attributes = await screen.findByTestId('user-attributes');
    expect(await within(attributes).findByText('premium')).toBeInTheDocument();
    expect(within(attributes).getByText('newsletter')).toBeInTheDocument();
    expect(within(attributes).getByText('true')).toBeInTheDocument();
  });

  it('lists the campaign effects on the Activity tab, only the CAMPAIGN entries', async () => {
    const user = userEvent.setup();
    const api = openUser({});
    await user.click(await screen.findByRole('tab', { name: 'Activity' }));
    const effects = await screen.findByTestId('campaign-effects');
    const table = await within(effects).findByRole('table', { name: 'Campaign effects' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain('campaign double-weekend');
    expect(rows[0]!.textContent).toContain('+10');
    expect(api.calls.some((c) => c.path === '/user/alice/history?showAll=true&limit=100')).toBe(true);
  });
});
