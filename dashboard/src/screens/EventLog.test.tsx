import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../../test/downloads';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';

const entry = (n: number, over: Record<string, unknown> = {}) => ({
  at: Date.UTC(2026, 2, 12, 10, n),
  userId: 'alice',
  eventId: 'purchase',
  outcome: 'CONDITION_FAILED',
  reason: `condition amount ≥ 50 failed: got ${n}`,
  points: 0,
  metadata: { amount: n },
  status: 200,
  code: null,
  ...over,
});

function openAt(path: string, routes: Parameters<typeof fakeApi>[0]) {
  signedIn();
  window.history.replaceState(null, '', path);
  const api = fakeApi({
    'GET /admin/project': { status: 200, body: [] },
    'GET /admin/event': { status: 200, body: [{ eventId: 'purchase', title: 'Purchase' }] },
    ...routes,
  });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

/** The screen's API, with `/…/stream` answered by an event stream this test writes to (`push`). */
function streamingApi(eventLog: () => { status: number; body: unknown }) {
  signedIn();
  window.history.replaceState(null, '', '/dashboard/event-log');
  const api = fakeApi({
    'GET /admin/project': { status: 200, body: [] },
    'GET /admin/event': { status: 200, body: [] },
    'GET /admin/event-log': eventLog,
  });
  const push: { current: ((text: string) => void) | null } = { current: null };
  const streams: Array<{ path: string; headers: Record<string, string>; aborted(): boolean }> = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://laurel.test');
    if (!url.pathname.endsWith('/stream')) return api.fetchImpl(input, init);
    streams.push({ path: url.pathname, headers: init?.headers as Record<string, string>, aborted: () => init?.signal?.aborted === true });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push.current = (text) => controller.enqueue(new TextEncoder().encode(text));
        init?.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }) as typeof fetch;
  return { api, fetchImpl, streams, push };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('event log screen', () => {
  it('shows each outcome with its reason, and filters by user, event and outcome', async () => {
    const api = openAt('/dashboard/event-log', {
      'GET /admin/event-log': (call) => ({
        status: 200,
        body: {
          entries: call.path.includes('outcome=REJECTED')
            ? [entry(1, { outcome: 'REJECTED', reason: 'metadata.amount is required', status: 400, code: 'VALIDATION_ERROR' })]
            : [entry(10)],
          nextCursor: null,
        },
      }),
    });
    expect(await screen.findByText('condition amount ≥ 50 failed: got 10')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('User id'), 'alice');
    await userEvent.type(screen.getByLabelText('Event id'), 'purchase');
    await userEvent.selectOptions(screen.getByLabelText('Outcome'), 'REJECTED');
    expect(await screen.findByText('metadata.amount is required (400 VALIDATION_ERROR)')).toBeInTheDocument();
    expect(api.calls.at(-1)!.path).toBe('/admin/event-log?userId=alice&eventId=purchase&outcome=REJECTED&limit=50');
  });

  it('sends from and to as Unix ms of the UTC times entered', async () => {
    const api = openAt('/dashboard/event-log', { 'GET /admin/event-log': { status: 200, body: { entries: [], nextCursor: null } } });
    expect(await screen.findByText(/No events match/)).toBeInTheDocument();
    const from = screen.getByLabelText('From (UTC)');
    await userEvent.type(from, '2026-03-12T10:00');
    await waitFor(() => expect(api.calls.at(-1)!.path).toBe(`/admin/event-log?from=${Date.UTC(2026, 2, 12, 10)}&limit=50`));
  });

  it('pages with nextCursor', async () => {
    const api = openAt('/dashboard/event-log', {
      'GET /admin/event-log': (call) => ({
        status: 200,
        body: call.path.includes('cursor=c2')
          ? { entries: [entry(1)], nextCursor: null }
          : { entries: [entry(3), entry(2)], nextCursor: 'c2' },
      }),
    });
    expect(await screen.findByText('condition amount ≥ 50 failed: got 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('condition amount ≥ 50 failed: got 1')).toBeInTheDocument();
    expect(api.calls.at(-1)!.path).toBe('/admin/event-log?cursor=c2&limit=50');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('with Live on, follows the project’s event log stream: a newer entry reloads the newest page; off closes it', async () => {
    let n = 0;
    const { api, fetchImpl, streams, push } = streamingApi(() => ({ status: 200, body: { entries: [entry(++n)], nextCursor: null } }));
    render(<App fetchImpl={fetchImpl} />);
    expect(await screen.findByText('condition amount ≥ 50 failed: got 1')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Live'));
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(streams[0]).toMatchObject({ path: '/admin/event-log/stream', headers: { authorization: 'Bearer admin-token-for-tests' } });
    expect(screen.getByText("follows the project's event log stream")).toBeInTheDocument();
    const loads = () => api.calls.filter((c) => c.path.startsWith('/admin/event-log?')).length;
    const before = loads();
    // The first message is the newest entry as the screen loaded it: nothing to reload.
    act(() => push.current!('id: 0-0\nevent: event-log\ndata: {"entries":[],"nextCursor":null}\n\n'));
    await new Promise((r) => setTimeout(r, 400));
    expect(loads()).toBe(before);
    act(() => push.current!('id: 1-0\nevent: event-log\ndata: {"entries":[],"nextCursor":null}\n\n'));
    expect(await screen.findByText('condition amount ≥ 50 failed: got 2')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Live'));
    await waitFor(() => expect(streams[0]!.aborted()).toBe(true));
    expect(loads()).toBe(before + 1);
  });

  it('with a user, follows its live stream instead of polling: a message reloads the newest page', async () => {
    let n = 0;
    signedIn();
    window.history.replaceState(null, '', '/dashboard/event-log');
    const api = fakeApi({
      'GET /admin/project': { status: 200, body: [] },
      'GET /admin/event': { status: 200, body: [] },
      'GET /admin/event-log': () => ({ status: 200, body: { entries: [entry(++n)], nextCursor: null } }),
    });
    let push: ((text: string) => void) | null = null;
    const streams: Array<{ path: string; headers: Record<string, string> }> = [];
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://laurel.test');
      if (!url.pathname.endsWith('/stream')) return api.fetchImpl(input, init);
      streams.push({ path: url.pathname, headers: init?.headers as Record<string, string> });
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(new TextEncoder().encode(text));
          init?.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }) as typeof fetch;
    render(<App fetchImpl={fetchImpl} />);
    await userEvent.type(await screen.findByLabelText('User id'), 'alice');
    await waitFor(() => expect(api.calls.some((c) => c.path.startsWith('/admin/event-log?userId=alice'))).toBe(true));
    expect(await screen.findByText(`condition amount ≥ 50 failed: got ${n}`)).toBeInTheDocument();
    const before = n;
    await userEvent.click(screen.getByLabelText('Live'));
    await waitFor(() => expect(push).not.toBeNull());
    expect(streams.at(-1)).toMatchObject({ path: '/user/alice/stream', headers: { authorization: 'Bearer admin-token-for-tests' } });
    expect(screen.getByText("follows the user's live stream")).toBeInTheDocument();
    act(() => push!('id: 1-1\nevent: points.changed\ndata: {"delta":0}\n\n'));
    expect(await screen.findByText(`condition amount ≥ 50 failed: got ${before + 1}`)).toBeInTheDocument();
  });

  it('exports every page the filter selects as CSV', async () => {
    const downloads = captureDownloads();
    openAt('/dashboard/event-log', {
      'GET /admin/event-log': (call) => ({
        status: 200,
        body: call.path.includes('cursor=c2') ? { entries: [entry(1)], nextCursor: null } : { entries: [entry(2)], nextCursor: 'c2' },
      }),
    });
    await screen.findByText('condition amount ≥ 50 failed: got 2');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.count()).toBe(1));
    const lines = (await downloads.texts())[0]!.trim().split('\r\n');
    expect(lines[0]).toBe('When,User,Event,Outcome,Reason,Status,Code,Points,Metadata');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe(
      '2026-03-12T10:01:00.000Z,alice,purchase,CONDITION_FAILED,condition amount ≥ 50 failed: got 1,200,,0,"{""amount"":1}"',
    );
  });

  it('exports the status and code of a refused call in columns of their own, as the screen shows them', async () => {
    const downloads = captureDownloads();
    const refused = entry(3, { outcome: 'REJECTED', reason: 'User bob not found', status: 404, code: 'USER_NOT_FOUND', userId: 'bob' });
    openAt('/dashboard/event-log', { 'GET /admin/event-log': { status: 200, body: { entries: [refused], nextCursor: null } } });
    expect(await screen.findByText('User bob not found (404 USER_NOT_FOUND)')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Code' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.count()).toBe(1));
    const [header, row] = (await downloads.texts())[0]!.trim().split('\r\n');
    const cells = (line: string) => Object.fromEntries(header!.split(',').map((h, i) => [h, line.split(',')[i]]));
    expect(cells(row!)).toMatchObject({ Outcome: 'REJECTED', Reason: 'User bob not found', Status: '404', Code: 'USER_NOT_FOUND' });
  });

  it("shows a user's own event log in the Activity tab of the user page", async () => {
    const api = openAt('/dashboard/users/alice', {
      'GET /user/alice/points': { status: 200, body: { userId: 'alice', points: 0, userExists: true } },
      'GET /user/alice/history': { status: 204 },
      'GET /user/alice/challenge': { status: 200, body: { challenges: [] } },
      'GET /user/alice/streak': { status: 200, body: { streaks: [] } },
      'GET /user/alice/coupon': { status: 200, body: [] },
      'GET /admin/event-log': {
        status: 200,
        body: { entries: [entry(7, { outcome: 'LIMIT_REACHED', reason: 'limit 1 per day reached' })], nextCursor: null },
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Activity' }));
    expect(await screen.findByText('limit 1 per day reached')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/admin/event-log')).at(-1)!.path).toBe('/admin/event-log?userId=alice&limit=50');
    // The tab follows the user's live stream (reloaded when something happens).
    expect(api.calls.some((c) => c.path === '/user/alice/stream')).toBe(true);
  });
});
