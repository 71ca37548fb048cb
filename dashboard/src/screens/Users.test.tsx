import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../../test/downloads';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';

function openUser(userId: string, routes: Parameters<typeof fakeApi>[0]) {
  signedIn();
  window.history.replaceState(null, '', `/dashboard/users/${userId}`);
  const api = fakeApi({
    'GET /admin/project': { status: 200, body: [] },
    [`GET /user/${userId}/challenge`]: { status: 200, body: { challenges: [], lastEvaluatedKey: null } },
    [`GET /user/${userId}/streak`]: { status: 200, body: { streaks: [], count: 0 } },
    [`GET /user/${userId}/coupon`]: { status: 200, body: [] },
    ...routes,
  });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

describe('user screen', () => {
  it('goes back to the users screen when the project is switched, not to "create this user" in the other project', async () => {
    const user = userEvent.setup({ delay: null });
    openUser('alice', {
      'GET /admin/project': {
        status: 200,
        body: [
          { projectId: 'default', name: 'default', createdAt: 0 },
          { projectId: 'shop-eu', name: 'Shop EU', createdAt: 0 },
        ],
      },
      'GET /user/alice/points': (call) =>
        call.headers['x-project-id'] === 'shop-eu'
          ? { status: 200, body: { userId: 'alice', points: 0, userExists: false } }
          : { status: 200, body: { userId: 'alice', points: 120, userExists: true } },
      'GET /user/alice/history': { status: 204 },
    });
    expect((await screen.findByTestId('balance')).textContent).toBe('120');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Project' }), 'shop-eu');
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/users'));
    expect(screen.queryByRole('button', { name: /Create user/ })).toBeNull();
  });

  it('updates the balance when the user’s live stream says its points changed', async () => {
    signedIn();
    window.history.replaceState(null, '', '/dashboard/users/alice');
    let balance = 120;
    const api = fakeApi({
      'GET /admin/project': { status: 200, body: [] },
      'GET /user/alice/challenge': { status: 200, body: { challenges: [], lastEvaluatedKey: null } },
      'GET /user/alice/streak': { status: 200, body: { streaks: [], count: 0 } },
      'GET /user/alice/coupon': { status: 200, body: [] },
      'GET /user/alice/history': { status: 204 },
      'GET /user/alice/points': () => ({ status: 200, body: { userId: 'alice', points: balance, userExists: true } }),
    });
    let push: ((text: string) => void) | null = null;
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith('/user/alice/stream')) return api.fetchImpl(input, init);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(new TextEncoder().encode(text));
          init?.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }) as typeof fetch;
    render(<App fetchImpl={fetchImpl} />);
    expect((await screen.findByTestId('balance')).textContent).toBe('120');
    await waitFor(() => expect(push).not.toBeNull());
    balance = 130;
    push!('id: 1-1\nevent: points.changed\ndata: {"currency":"points","delta":10,"balance":130}\n\n');
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('130'));
  });

  it('shows balance, history, challenges and coupons of a user', async () => {
    openUser('alice', {
      'GET /user/alice/points': { status: 200, body: { userId: 'alice', points: 120, userExists: true } },
      'GET /user/alice/history': {
        status: 200,
        body: [
          {
            id: 'EVENT#purchase#1',
            timestamp: Date.UTC(2026, 0, 5, 10),
            type: 'EVENT',
            points: 120,
            title: { de: 'Kauf', en: 'Purchase' },
            description: { de: '', en: '' },
          },
        ],
      },
      'GET /user/alice/challenge': {
        status: 200,
        body: {
          challenges: [
            {
              challengeId: 'five',
              status: 'ACTIVE',
              goal: 5,
              points: 50,
              title: { de: 'Fünf Käufe' },
              type: 'FIXED',
              progress: 2,
              completed: false,
              completedDate: null,
            },
          ],
          lastEvaluatedKey: null,
        },
      },
      'GET /user/alice/coupon': {
        status: 200,
        body: [
          {
            PK: 'USER#alice#COUPON',
            SK: 'COUPON#k1',
            title: '5 € off',
            description: 'in store',
            validUntil: Date.UTC(2026, 1, 1),
            redeemed: false,
          },
        ],
      },
    });
    expect((await screen.findByTestId('balance')).textContent).toBe('120');
    expect(await screen.findByText('Purchase')).toBeInTheDocument();
    expect(await screen.findByText('2 / 5 · 50 points')).toBeInTheDocument();
    expect(await screen.findByText('5 € off')).toBeInTheDocument();
    expect(screen.getByText('k1')).toBeInTheDocument();
  });

  it('shows the empty state for a user without history (204)', async () => {
    openUser('bob', {
      'GET /user/bob/points': { status: 200, body: { userId: 'bob', points: 0, userExists: true } },
      'GET /user/bob/history': { status: 204 },
    });
    expect(await screen.findByText('No history yet.')).toBeInTheDocument();
    expect(await screen.findByText('No active coupons.')).toBeInTheDocument();
  });

  it('pages the history with the cursor of x-next-cursor', async () => {
    const entry = (n: number) => ({
      id: `EVENT#visit#${n}`,
      timestamp: n,
      type: 'EVENT',
      points: n,
      title: { en: `Visit ${n}` },
      description: { en: '' },
    });
    const api = openUser('erin', {
      'GET /user/erin/points': { status: 200, body: { userId: 'erin', points: 3, userExists: true } },
      'GET /user/erin/history': (call) =>
        call.path.includes('cursor=c2')
          ? { status: 200, body: [entry(1)] }
          : { status: 200, body: [entry(3), entry(2)], headers: { 'x-next-cursor': 'c2' } },
    });
    expect(await screen.findByText('Visit 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Visit 1')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/user/erin/history')).map((c) => c.path)).toEqual([
      '/user/erin/history?showAll=true&limit=25',
      '/user/erin/history?showAll=true&limit=25&cursor=c2',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('asks before a debit that wipes a balance, showing "balance 1,109 → 0", and does nothing on Cancel', async () => {
    const api = openUser('frank', {
      'GET /user/frank/points': { status: 200, body: { userId: 'frank', points: 1109, userExists: true } },
      'GET /user/frank/history': { status: 204 },
    });
    const form = await screen.findByRole('form', { name: 'Adjust points' });
    await userEvent.type(within(form).getByLabelText('Points (+/−)'), '-999999');
    await userEvent.type(within(form).getByLabelText('Reason'), 'oops');
    await userEvent.click(within(form).getByRole('button', { name: 'Apply adjustment' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('-999,999 points, reason “oops”: balance 1,109 → 0.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the reason of an adjustment in the history', async () => {
    openUser('gina', {
      'GET /user/gina/points': { status: 200, body: { userId: 'gina', points: 5, userExists: true } },
      'GET /user/gina/history': {
        status: 200,
        body: [
          {
            id: 'ADJUSTMENT#adj1#1',
            timestamp: 1,
            type: 'ADJUSTMENT',
            points: 5,
            title: { de: 'Punktekorrektur', en: 'Points adjustment' },
            description: { de: 'goodwill after ticket 42', en: 'goodwill after ticket 42' },
          },
        ],
      },
    });
    expect(await screen.findByText('goodwill after ticket 42')).toBeInTheDocument();
  });

  it('exports the whole history as CSV, following the cursor', async () => {
    const downloads = captureDownloads();
    const entry = (n: number) => ({
      id: `EVENT#visit#${n}`,
      timestamp: n,
      type: 'EVENT',
      points: n,
      title: { en: `Visit ${n}` },
      description: { en: '' },
    });
    openUser('hana', {
      'GET /user/hana/points': { status: 200, body: { userId: 'hana', points: 3, userExists: true } },
      'GET /user/hana/history': (call) =>
        call.path.includes('cursor=c2')
          ? { status: 200, body: [entry(1)] }
          : { status: 200, body: [entry(2)], headers: { 'x-next-cursor': 'c2' } },
    });
    expect(await screen.findByText('Visit 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.count()).toBe(1));
    expect((await downloads.texts())[0]!.trim().split('\r\n')).toEqual([
      'When,Type,Title,Details,Points,Id',
      '1970-01-01T00:00:00.002Z,EVENT,Visit 2,,2,EVENT#visit#2',
      '1970-01-01T00:00:00.001Z,EVENT,Visit 1,,1,EVENT#visit#1',
    ]);
  });

  it('adjusts points with a reason and shows the new balance', async () => {
    let balance = 10;
    const api = openUser('carol', {
      'GET /user/carol/points': () => ({ status: 200, body: { userId: 'carol', points: balance, userExists: true } }),
      'GET /user/carol/history': { status: 204 },
      'POST /admin/user/carol/points': () => {
        balance = 35;
        return { status: 201, body: { userId: 'carol', adjustmentId: 'a1', points: 25, balance: 35, reason: 'goodwill', timestamp: 0 } };
      },
    });
    const form = await screen.findByRole('form', { name: 'Adjust points' });
    await userEvent.type(within(form).getByLabelText('Points (+/−)'), '25');
    await userEvent.type(within(form).getByLabelText('Reason'), 'goodwill');
    await userEvent.click(within(form).getByRole('button', { name: 'Apply adjustment' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Adjust the points of carol?' });
    expect(dialog.textContent).toContain('+25 points, reason “goodwill”: balance 10 → 35.');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply adjustment' }));
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('35'));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ points: 25, reason: 'goodwill' });
  });

  it('offers to create a user that does not exist, after a confirmation', async () => {
    const api = openUser('dave', {
      'GET /user/dave/points': { status: 200, body: { userId: 'dave', points: 0, userExists: false } },
      'POST /user': { status: 201, body: { message: 'User created', userId: 'dave', createdAt: 1 } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create user dave…' }));
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Create user dave?' })).getByRole('button', { name: 'Create dave' }),
    );
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ userId: 'dave' }));
  });
});

afterEach(() => vi.restoreAllMocks());
