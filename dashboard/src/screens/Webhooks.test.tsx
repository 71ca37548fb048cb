import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';

const endpoint = {
  webhookId: 'crm',
  url: 'https://crm.example.com/laurel',
  events: ['*'],
  status: 'ACTIVE',
  description: 'CRM',
  secretHint: 'whsec_abcd…',
  failingSince: null,
  disabledReason: null,
  disabledAt: null,
  createdAt: 0,
  updatedAt: 0,
};
const delivery = (messageId: string, over: Record<string, unknown> = {}) => ({
  messageId,
  type: 'points.changed',
  status: 'pending',
  attempts: 2,
  createdAt: 0,
  firstAttemptAt: 0,
  lastAttemptAt: 0,
  lastStatusCode: 503,
  lastResponse: 'down',
  lastError: null,
  nextAttemptAt: 60_000,
  deliveredAt: null,
  payload: { type: 'points.changed', timestamp: '1970-01-01T00:00:00.000Z', data: { projectId: 'default', userId: 'ann' } },
  ...over,
});

function open(path: string, routes: Parameters<typeof fakeApi>[0]) {
  signedIn();
  window.history.replaceState(null, '', `/dashboard/${path}`);
  const api = fakeApi({ 'GET /admin/project': { status: 200, body: [] }, ...routes });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

describe('Webhooks', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('creates an endpoint for every type and shows its secret once', async () => {
    const user = userEvent.setup();
    let list: unknown[] = [];
    const api = open('webhooks', {
      'GET /admin/webhook': () => ({ status: 200, body: list }),
      'POST /admin/webhook': () => {
        list = [endpoint];
        return { status: 201, body: { ...endpoint, secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0' } };
      },
    });
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Endpoint URL'), 'https://crm.example.com/laurel');
    await user.type(screen.getByLabelText('Description'), 'CRM');
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe('whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0');
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      url: 'https://crm.example.com/laurel',
      events: ['*'],
      status: 'ACTIVE',
      description: 'CRM',
    });
    expect(await screen.findByRole('link', { name: 'https://crm.example.com/laurel' })).toHaveAttribute('href', '/dashboard/webhooks/crm');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('sends the chosen types, and shows a refused URL beside its field', async () => {
    const user = userEvent.setup();
    const api = open('webhooks', {
      'GET /admin/webhook': { status: 200, body: [] },
      'POST /admin/webhook': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'body/url: localhost resolves to 127.0.0.1, a loopback, private or link-local address',
          code: 'WEBHOOK_URL_REFUSED',
        },
      },
    });
    await screen.findByText('No webhooks yet.');
    await user.type(screen.getByLabelText('Endpoint URL'), 'http://localhost/hook');
    await user.click(screen.getByLabelText('All types (*)'));
    await user.click(screen.getByLabelText('coupon.used'));
    await user.click(screen.getByLabelText('points.changed'));
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    await waitFor(() => expect(screen.getByLabelText('Endpoint URL')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(/resolves to 127.0.0.1/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ events: ['coupon.used', 'points.changed'] });
  });

  it('sends a test message, rotates the secret and deactivates an endpoint', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const api = open('webhooks', {
      'GET /admin/webhook': { status: 200, body: [{ ...endpoint, failingSince: 0 }] },
      'POST /admin/webhook/crm/test': {
        status: 200,
        body: delivery('msg_1', { type: 'webhook.test', status: 'delivered', lastStatusCode: 200, attempts: 1 }),
      },
      'POST /admin/webhook/crm/rotate-secret': { status: 200, body: { ...endpoint, secret: 'whsec_bmV3LXNlY3JldC1uZXctc2VjcmV0LW5ldy1z' } },
      'PUT /admin/webhook/crm': { status: 200, body: { ...endpoint, status: 'INACTIVE' } },
    });
    expect(await screen.findByText(/failing since/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send test message to crm' }));
    expect(await screen.findByText('Test message delivered to https://crm.example.com/laurel (HTTP 200).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rotate secret of crm' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe('whsec_bmV3LXNlY3JldC1uZXctc2VjcmV0LW5ldy1z');
    await user.click(screen.getByRole('button', { name: 'Deactivate crm' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Deactivate the webhook https://crm.example.com/laurel?' })).getByRole(
        'button',
        { name: 'Deactivate' },
      ),
    );
    expect(await screen.findByText('Webhook crm is now INACTIVE.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      url: endpoint.url,
      events: ['*'],
      status: 'INACTIVE',
      description: 'CRM',
    });
  });

  it('shows the delivery log, pages it with the cursor and retries a message now', async () => {
    const user = userEvent.setup();
    let retried = false;
    const api = open('webhooks/crm', {
      'GET /admin/webhook/crm': { status: 200, body: endpoint },
      'GET /admin/webhook/crm/deliveries?limit=50': () => ({
        status: 200,
        body: [delivery('msg_3', retried ? { status: 'delivered', lastStatusCode: 200, attempts: 3 } : {}), delivery('msg_2')],
        headers: { 'x-next-cursor': 'msg_2' },
      }),
      'GET /admin/webhook/crm/deliveries?limit=50&cursor=msg_2': {
        status: 200,
        body: [
          delivery('msg_1', { status: 'failed', lastStatusCode: null, lastError: 'timeout: no answer within 10 s', nextAttemptAt: null }),
        ],
      },
      'POST /admin/webhook/crm/deliveries/msg_3/retry': () => {
        retried = true;
        return { status: 200, body: delivery('msg_3', { status: 'delivered', lastStatusCode: 200, attempts: 3 }) };
      },
    });
    expect(await screen.findByRole('heading', { name: 'Deliveries of https://crm.example.com/laurel' })).toBeInTheDocument();
    expect(await screen.findByText('msg_3')).toBeInTheDocument();
    expect(screen.getAllByText('HTTP 503')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('timeout: no answer within 10 s')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry now: msg_3' }));
    expect(await screen.findByText('msg_3: delivered (HTTP 200).')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/admin/webhook/crm/deliveries/msg_3/retry']);
    await waitFor(() => expect(screen.getByText('delivered')).toBeInTheDocument());
  });
});

describe('webhook message types', () => {
  it('offers the loyalty economics types for a subscription', async () => {
    const { MESSAGE_TYPES } = await import('./webhookTypes');
    expect(MESSAGE_TYPES).toEqual(expect.arrayContaining(['tier.changed', 'points.expiring']));
  });
});
