import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn, validationError } from '../../test/fakeApi';
import { App } from '../App';
import type { Campaign } from '../api/types';
import { jobText } from './CampaignBackfill';
import { blankCampaign, budgetText, campaignPhase, campaignToBody, campaignToForm, daysText, effectText } from './campaignForm';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const weekend: Campaign = {
  campaignId: 'double-weekend',
  title: 'Double points on the weekend',
  status: 'ACTIVE',
  startAt: T0,
  endAt: T0 + 2 * 86_400_000,
  days: ['SAT', 'SUN'],
  segmentId: null,
  eventIds: ['purchase'],
  conditions: null,
  effect: { multiplier: 2, bonus: 0, currency: 'points' },
  budget: { total: 100_000, perUser: 500 },
  priority: 10,
  stacking: 'stack',
  spent: 25_000,
  remaining: 75_000,
  createdAt: 1,
  updatedAt: 1,
};
const simulation = {
  total: 1234,
  currency: 'points',
  events: 40,
  users: 7,
  perDay: [
    { day: '2026-02-28', points: 1000 },
    { day: '2026-03-01', points: 234 },
  ],
  topUsers: [
    { userId: 'alice', points: 800 },
    { userId: 'bob', points: 434 },
  ],
  budgetSpentOn: '2026-03-01',
};

function open(routes: Parameters<typeof fakeApi>[0]) {
  signedIn();
  window.history.replaceState(null, '', '/dashboard/campaigns');
  const api = fakeApi({ 'GET /admin/project': { status: 200, body: [] }, 'GET /admin/event': { status: 200, body: [] }, ...routes });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

describe('campaign form values', () => {
  it('sends the window in UTC ms, the effect, the budget and leaves out what is empty', () => {
    const form = { ...blankCampaign(T0), title: ' Weekend ', startAt: '2026-03-07T00:00', endAt: '2026-03-09T00:00' };
    expect(campaignToBody({ ...form, budgetTotal: '100000', eventIds: ['purchase'], segmentId: 'gold' })).toEqual({
      title: 'Weekend',
      status: 'ACTIVE',
      startAt: Date.parse('2026-03-07T00:00:00Z'),
      endAt: Date.parse('2026-03-09T00:00:00Z'),
      eventIds: ['purchase'],
      effect: { multiplier: 2 },
      budget: { total: 100000 },
      priority: 0,
      stacking: 'stack',
      segmentId: 'gold',
      days: null,
    });
    const bonusOnly = campaignToBody({ ...form, multiplier: '', bonus: '50', currency: 'xp' });
    expect(bonusOnly.effect).toEqual({ bonus: 50, currency: 'xp' });
    expect(bonusOnly).not.toHaveProperty('budget');
    expect(bonusOnly).not.toHaveProperty('segmentId');
  });

  it('reads a saved campaign back into the same body', () => {
    const body = campaignToBody(campaignToForm(weekend));
    expect(body).toMatchObject({ campaignId: 'double-weekend', startAt: weekend.startAt, endAt: weekend.endAt, budget: weekend.budget });
    expect(body.effect).toEqual({ multiplier: 2 });
    expect(body.days).toEqual(['SAT', 'SUN']);
    expect(campaignToBody({ ...blankCampaign(T0), days: ['SUN', 'MON', 'SAT'] }).days).toEqual(['MON', 'SAT', 'SUN']);
  });

  it('says the effect, the phase and the budget in words', () => {
    expect(effectText(weekend)).toBe('2×');
    expect(daysText(weekend.days)).toBe('Sat, Sun');
    expect(daysText(null)).toBe('every day');
    expect(daysText(['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'])).toBe('every day');
    expect(effectText({ effect: { multiplier: 1, bonus: 50, currency: 'xp' } })).toBe('+50 xp');
    expect(campaignPhase(weekend, T0 - 1)).toBe('scheduled');
    expect(campaignPhase(weekend, T0)).toBe('running');
    expect(campaignPhase(weekend, weekend.endAt)).toBe('ended');
    expect(campaignPhase({ ...weekend, status: 'INACTIVE' }, T0)).toBe('inactive');
    expect(budgetText(weekend)).toBe('25,000 of 100,000 spent (25 %)');
    expect(budgetText({ ...weekend, budget: { total: null, perUser: null }, remaining: null, spent: 0 })).toBe('no budget');
    expect(
      budgetText({
        ...weekend,
        effect: { multiplier: 1, bonus: 5, currency: 'xp' },
        spent: 50,
        remaining: 450,
        budget: { total: 500, perUser: null },
      }),
    ).toBe('50 of 500 xp spent (10 %)');
  });

  it('says where a backfill job is', () => {
    const job = { jobId: 'job_1', kind: 'campaign-backfill', processed: 1200, createdAt: 1 };
    expect(jobText({ ...job, status: 'queued' })).toBe('queued');
    expect(jobText({ ...job, status: 'running' })).toBe('running: 1,200 events processed');
    expect(jobText({ ...job, status: 'failed' })).toBe('failed after 1,200 events processed');
  });
});

describe('the Campaigns screen', () => {
  it('lists campaigns with their window, audience, effect, priority and a budget gauge', async () => {
    open({
      'GET /admin/campaign': {
        status: 200,
        body: [
          { ...weekend, segmentId: 'gold' },
          { ...weekend, campaignId: 'plain', days: null, budget: { total: null, perUser: null }, remaining: null, spent: 0 },
        ],
      },
    });
    const gauge = await screen.findByRole('progressbar', { name: 'Budget of double-weekend spent' });
    expect(gauge).toHaveAttribute('value', '25000');
    expect(gauge).toHaveAttribute('max', '100000');
    expect(screen.getByTestId('budget-double-weekend').textContent).toContain('25,000 of 100,000 spent (25 %) · at most 500 per user');
    expect(screen.getByTestId('budget-plain').textContent).toContain('no budget');
    expect(screen.queryByRole('progressbar', { name: 'Budget of plain spent' })).toBeNull();
    const row = screen.getByTestId('budget-double-weekend').closest('tr')!;
    expect(within(row).getByText('10 · stack')).toBeInTheDocument();
    expect(within(row).getByText('2026-03-01 00:00 UTC', { exact: false })).toBeInTheDocument();
    expect(within(row).getByText('Sat, Sun')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'gold' })).toHaveAttribute('href', '/dashboard/segments/gold');
    const plain = screen.getByTestId('budget-plain').closest('tr')!;
    expect(within(plain).getByText('every day')).toBeInTheDocument();
    expect(within(plain).getByText('everyone')).toBeInTheDocument();
  });

  it('sends the days of the week ticked, Monday first, and null when none is ticked', async () => {
    const user = userEvent.setup();
    const api = open({
      'GET /admin/campaign': { status: 200, body: [weekend] },
      'GET /admin/audit-log': { status: 200, body: { entries: [], nextCursor: null } },
      'POST /admin/campaign': { status: 201, body: weekend },
      'PUT /admin/campaign/double-weekend': { status: 200, body: weekend },
    });
    await user.click(await screen.findByRole('button', { name: 'New campaign' }));
    const days = screen.getByRole('group', { name: 'Days of the week' });
    expect(
      within(days)
        .getAllByRole('checkbox')
        .map((c) => c.nextSibling?.textContent),
    ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    await user.type(screen.getByLabelText('Title'), 'Weekend');
    await user.click(within(days).getByLabelText('Sun'));
    await user.click(within(days).getByLabelText('Sat'));
    await user.click(screen.getByRole('button', { name: 'Create campaign' }));
    await screen.findByText('Campaign double-weekend saved.');
    const created = api.calls.find((c) => c.method === 'POST' && c.path === '/admin/campaign')!.body as Record<string, unknown>;
    expect(created.days).toEqual(['SAT', 'SUN']);

    // The saved weekend campaign edited: its days come back ticked; unticked, the PUT says null.
    await user.click(await screen.findByRole('button', { name: 'Edit double-weekend' }));
    const edit = screen.getByRole('group', { name: 'Days of the week' });
    const ticked = (label: string) => (within(edit).getByLabelText(label) as HTMLInputElement).checked;
    expect(['Mon', 'Fri', 'Sat', 'Sun'].map(ticked)).toEqual([false, false, true, true]);
    await user.click(within(edit).getByLabelText('Sat'));
    await user.click(within(edit).getByLabelText('Sun'));
    await user.click(screen.getByRole('button', { name: /Save/ }));
    await screen.findByText('Campaign double-weekend saved.');
    const put = api.calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(put).toHaveProperty('days', null);
  });

  it('previews the form before saving, then saves it', async () => {
    const user = userEvent.setup();
    const api = open({
      'GET /admin/campaign': { status: 200, body: [] },
      'POST /admin/campaign/simulate': { status: 200, body: simulation },
      'POST /admin/campaign': { status: 201, body: weekend },
    });
    await user.click(await screen.findByRole('button', { name: 'New campaign' }));
    await user.type(screen.getByLabelText('Title'), 'Weekend');
    await user.type(screen.getByLabelText('Budget in all'), '1000');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByTestId('preview-total')).textContent).toBe('1,234');
    expect(screen.getByText('spent on 2026-03-01')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Top users of the preview' })).getByText('alice')).toBeInTheDocument();
    expect(await screen.findByText('points per day')).toBeInTheDocument();
    const sent = api.calls.find((c) => c.path === '/admin/campaign/simulate')!.body as Record<string, unknown>;
    expect(sent.campaign).toMatchObject({ title: 'Weekend', effect: { multiplier: 2 }, budget: { total: 1000 } });
    expect(sent.to as number).toBeGreaterThan(sent.from as number);
    expect((sent.to as number) - (sent.from as number)).toBe(30 * 86_400_000);
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/admin/campaign')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Create campaign' }));
    expect(await screen.findByText('Campaign double-weekend saved.')).toBeInTheDocument();
  });

  it('shows a preview refused by the API, and a server without the route, without breaking the form', async () => {
    const user = userEvent.setup();
    let answer = validationError('body/campaign/effect must have required property multiplier');
    open({
      'GET /admin/campaign': { status: 200, body: [] },
      'POST /admin/campaign/simulate': () => answer,
    });
    await user.click(await screen.findByRole('button', { name: 'New campaign' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(/Preview: Campaign effect/)).toBeInTheDocument();
    answer = undefined as unknown as typeof answer; // the fake answers 404 "Route … not found"
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(/Not available on this server/)).toBeInTheDocument();
    expect((screen.getByRole('button', { name: 'Create campaign' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('backfills a saved campaign and follows its job until it is done', async () => {
    const user = userEvent.setup();
    const jobs = [
      { status: 200, body: { jobId: 'job_9', kind: 'campaign-backfill', status: 'running', processed: 10, createdAt: 1 } },
      { status: 200, body: { jobId: 'job_9', kind: 'campaign-backfill', status: 'done', processed: 42, createdAt: 1 } },
    ];
    const api = open({
      'GET /admin/campaign': { status: 200, body: [weekend] },
      'GET /admin/audit-log': { status: 200, body: { entries: [], nextCursor: null } },
      'POST /admin/campaign/double-weekend/backfill': { status: 202, body: { jobId: 'job_9' } },
      'GET /admin/job/job_9': () => jobs.shift() ?? jobs[jobs.length - 1],
    });
    await user.click(await screen.findByRole('button', { name: 'Edit double-weekend' }));
    await user.click(screen.getByRole('button', { name: 'Backfill' }));
    expect(await screen.findByText(/running: 10 events processed/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Backfill of double-weekend' })).toBeInTheDocument();
    expect(await screen.findByText(/done: 42 events processed/, {}, { timeout: 3000 })).toBeInTheDocument();
    const body = api.calls.find((c) => c.path.endsWith('/backfill'))!.body as { from: number; to: number };
    expect(body.to - body.from).toBe(30 * 86_400_000);
  });
});
