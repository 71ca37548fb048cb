import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import type { ReferralProgramme } from '../api/types';
import { fakeApi, signedIn, validationError } from '../../test/fakeApi';
import { App } from '../App';
import { topReferrers } from './ReferralLog';
import { placeProgrammeError, programmeToBody, programmeToForm } from './referralForm';

const unset = {
  status: 'INACTIVE',
  qualifying: { eventId: '', conditions: null, withinDays: 30 },
  referrerReward: { points: 0, currency: 'points' },
  refereeReward: { points: 0, currency: 'points' },
  referrerCap: { perMonth: null, total: null },
  codeDays: 14,
  updatedAt: null,
} as const;
const points = { currencyId: 'points', title: { en: 'Points' }, spendable: true, pointsExpiry: null, levels: [], status: 'ACTIVE' };
const coins = { ...points, currencyId: 'coins', title: { en: 'Coins' } };
const purchase = { eventId: 'purchase', title: 'Purchase', status: 'ACTIVE', metadataFields: [{ key: 'amount', type: 'number' }] };

const ref = (id: string, referrerId: string | null, status: string, extra: object = {}) => ({
  id,
  referrerId,
  refereeId: `${id}-referee`,
  status,
  joinedAt: Date.UTC(2026, 0, 15),
  qualifiedAt: status === 'qualified' ? Date.UTC(2026, 0, 18) : null,
  refereePoints: status === 'qualified' ? 20 : 0,
  referrerPoints: status === 'qualified' ? 50 : 0,
  referrerState: status === 'qualified' ? 'paid' : 'none',
  currency: 'points',
  ...extra,
});

function open(routes: Parameters<typeof fakeApi>[0]) {
  signedIn();
  window.history.replaceState(null, '', '/dashboard/referrals');
  const api = fakeApi({
    'GET /admin/project': { status: 200, body: [] },
    'GET /admin/event': { status: 200, body: [purchase] },
    'GET /admin/currency': { status: 200, body: [points] },
    'GET /admin/referral-programme': { status: 200, body: unset },
    'GET /admin/referral': { status: 200, body: { referrals: [], nextCursor: null } },
    ...routes,
  });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

describe('Referrals: the programme', () => {
  it('sends numbers, leaves out an empty cap and points as the currency, and keeps conditions', () => {
    const form = { ...programmeToForm({ ...unset, status: 'ACTIVE' }), eventId: ' purchase ', referrerPoints: '50', refereePoints: '20' };
    expect(programmeToBody(form)).toEqual({
      status: 'ACTIVE',
      qualifying: { eventId: 'purchase', withinDays: 30 },
      referrerReward: { points: 50 },
      refereeReward: { points: 20 },
      codeDays: 14,
    });
    const saved = {
      ...unset,
      qualifying: {
        eventId: 'purchase',
        conditions: { type: 'AND', conditions: [{ field: 'amount', operator: 'greater_than_or_equal', value: 50 }] },
        withinDays: 7,
      },
      refereeReward: { points: 20, currency: 'coins' },
      referrerCap: { perMonth: 5, total: null },
    } satisfies ReferralProgramme;
    expect(programmeToBody(programmeToForm(saved))).toMatchObject({
      qualifying: saved.qualifying,
      refereeReward: { points: 20, currency: 'coins' },
      referrerCap: { perMonth: 5 },
    });
    // Not a number: sent as typed, so the API names the field.
    expect(programmeToBody({ ...form, codeDays: 'two' }).codeDays).toBe('two');
  });

  it('places errors beside the nested field they name', () => {
    const form = { ...programmeToForm(unset), refereeCurrency: 'gems' };
    const place = (status: number, message: string, code = 'VALIDATION_ERROR') =>
      placeProgrammeError(new ApiError(status, { statusCode: status, error: 'Bad Request', message, code }), form);
    expect(place(400, 'body/qualifying/withinDays must be >= 1').fieldErrors).toEqual({
      'qualifying/withinDays': 'Qualifying within days must be at least 1',
    });
    expect(Object.keys(place(400, "body/referrerReward must have required property 'points'").fieldErrors)).toEqual([
      'referrerReward/points',
    ]);
    expect(Object.keys(place(400, 'event nope is not defined', 'UNKNOWN_EVENT').fieldErrors)).toEqual(['qualifying/eventId']);
    expect(Object.keys(place(400, 'currency gems does not exist', 'UNKNOWN_CURRENCY').fieldErrors)).toEqual(['refereeReward/currency']);
    expect(place(500, 'boom', 'INTERNAL').banner).not.toBeNull();
  });

  it('loads the programme, saves it whole and says so', async () => {
    const user = userEvent.setup();
    const api = open({
      'PUT /admin/referral-programme': (call) => ({ status: 200, body: { ...unset, ...(call.body as object), updatedAt: 1 } }),
    });
    expect(await screen.findByText(/Never set: the programme is off/)).toBeInTheDocument();
    // Points only: no currency choice.
    expect(screen.queryByLabelText('Referrer currency')).toBeNull();
    const form = screen.getByRole('form', { name: 'Referral programme' });
    await user.selectOptions(within(form).getByLabelText('Status'), 'ACTIVE');
    await user.type(screen.getByLabelText('Qualifying event'), 'purchase');
    await user.type(screen.getByLabelText('Referrer points'), '50');
    await user.type(screen.getByLabelText('Paid referrals per month'), '5');
    await user.click(screen.getByRole('button', { name: 'Save programme' }));
    expect(await screen.findByText('Programme saved.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      status: 'ACTIVE',
      qualifying: { eventId: 'purchase', withinDays: 30 },
      referrerReward: { points: 50 },
      refereeReward: { points: 0 },
      referrerCap: { perMonth: 5 },
      codeDays: 14,
    });
  });

  it('offers the currencies when the project has more than points, and shows a refusal beside its field', async () => {
    const user = userEvent.setup();
    open({
      'GET /admin/currency': { status: 200, body: [points, coins] },
      'PUT /admin/referral-programme': validationError('body/codeDays must be >= 1'),
    });
    await user.selectOptions(await screen.findByLabelText('Referee currency'), 'coins');
    await user.clear(screen.getByLabelText('Code days'));
    await user.type(screen.getByLabelText('Code days'), '0');
    await user.click(screen.getByRole('button', { name: 'Save programme' }));
    expect(await screen.findByText('Code days must be at least 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Code days').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('Referrals: the log', () => {
  it('counts the top referrers of the loaded referrals, most qualified first', () => {
    const rows = [
      ref('a', 'rita', 'pending'),
      ref('b', 'rita', 'pending'),
      ref('c', 'sam', 'qualified'),
      ref('d', null, 'qualified'),
      ref('e', 'sam', 'qualified', { referrerState: 'capped' }),
    ] as never[];
    expect(topReferrers(rows)).toEqual([
      { referrerId: 'sam', referrals: 2, qualified: 2, earned: 50 },
      { referrerId: 'rita', referrals: 2, qualified: 0, earned: 0 },
    ]);
  });

  it('filters by status, loads more pages, and approves a flagged referral', async () => {
    const user = userEvent.setup();
    let approved = false;
    const api = open({
      'GET /admin/referral?limit=50': { status: 200, body: { referrals: [ref('r1', 'rita', 'qualified')], nextCursor: 'c2' } },
      'GET /admin/referral?cursor=c2&limit=50': { status: 200, body: { referrals: [ref('r0', 'sam', 'qualified')], nextCursor: null } },
      'GET /admin/referral?status=flagged&limit=50': () => ({
        status: 200,
        body: { referrals: approved ? [] : [ref('r2', 'rita', 'flagged', { qualifiedAt: 5 })], nextCursor: null },
      }),
      'POST /admin/referral/r2/approve': () => {
        approved = true;
        return { status: 200, body: ref('r2', 'rita', 'qualified') };
      },
    });
    const top = (await screen.findByRole('heading', { name: 'Top referrers' })).closest('.card') as HTMLElement;
    expect(within(top).getByText(/Counted from the 1 referral loaded above/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(top).getByText(/Counted from the 2 referrals loaded above/)).toBeInTheDocument());
    expect(
      within(top)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['rita: 1 referral, 1 qualified, 50 earned', 'sam: 1 referral, 1 qualified, 50 earned']);
    // Only flagged referrals have the review buttons.
    expect(screen.queryByRole('button', { name: 'Approve r1' })).toBeNull();

    const filters = screen.getByRole('search', { name: 'Filter the referral log' });
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Status' }), 'flagged');
    await user.click(await screen.findByRole('button', { name: 'Approve r2' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toMatch(/paid now/);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Referral r2 approved: now qualified.')).toBeInTheDocument();
    expect(await screen.findByText('No flagged referrals.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/admin/referral/r2/approve']);
  });

  it('shows a refused review in a banner', async () => {
    const user = userEvent.setup();
    open({
      'GET /admin/referral': { status: 200, body: { referrals: [ref('r3', 'rita', 'flagged')], nextCursor: null } },
      'POST /admin/referral/r3/reject': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'referral r3 is not flagged', code: 'REFERRAL_NOT_FLAGGED' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Reject r3' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reject' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/REFERRAL_NOT_FLAGGED/);
  });
});
