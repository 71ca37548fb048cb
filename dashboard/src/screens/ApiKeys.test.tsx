import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../../test/downloads';
import { fakeApi, signedIn, validationError } from '../../test/fakeApi';
import { App } from '../App';

const ALL = ['events:write', 'users:write', 'users:read', 'rewards:write'];

function openKeys(routes: Parameters<typeof fakeApi>[0]) {
  signedIn();
  window.history.replaceState(null, '', '/dashboard/apikeys');
  const api = fakeApi({ 'GET /admin/project': { status: 200, body: [] }, ...routes });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

describe('API keys', () => {
  it('shows a new key once, with a copy button that copies it', async () => {
    const user = userEvent.setup();
    let keys: unknown[] = [];
    const api = openKeys({
      'GET /admin/apikey': () => ({ status: 200, body: keys }),
      'POST /admin/apikey': () => {
        keys = [{ apiKeyId: 'ak_1', name: 'checkout', keyPrefix: 'lk_abc', scopes: ALL, createdAt: 0 }];
        return {
          status: 201,
          body: { apiKeyId: 'ak_1', name: 'checkout', keyPrefix: 'lk_abc', scopes: ALL, createdAt: 0, key: 'lk_abcdef-secret' },
        };
      },
    });
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name of the new key'), 'checkout');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByTestId('new-api-key')).textContent).toBe('lk_abcdef-secret');
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'checkout' });
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe('lk_abcdef-secret');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    // The list shows only the prefix; after "Done" the key is gone from the page.
    expect(await screen.findByText('lk_abc…')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('lk_abcdef-secret')).toBeNull();
  });

  it('takes the shown key off the screen when that key is revoked', async () => {
    const user = userEvent.setup();
    let keys: unknown[] = [];
    openKeys({
      'GET /admin/apikey': () => ({ status: 200, body: keys }),
      'POST /admin/apikey': () => {
        keys = [{ apiKeyId: 'ak_1', name: 'checkout', keyPrefix: 'lk_abc', scopes: ALL, createdAt: 0 }];
        return {
          status: 201,
          body: { apiKeyId: 'ak_1', name: 'checkout', keyPrefix: 'lk_abc', scopes: ALL, createdAt: 0, key: 'lk_abcdef-secret' },
        };
      },
      'DELETE /admin/apikey/ak_1': () => {
        keys = [];
        return { status: 204 };
      },
    });
    const confirm = window.confirm;
    window.confirm = () => true;
    try {
      await user.type(await screen.findByLabelText('Name of the new key'), 'checkout');
      await user.click(screen.getByRole('button', { name: 'Create key' }));
      expect((await screen.findByTestId('new-api-key')).textContent).toBe('lk_abcdef-secret');
      await user.click(await screen.findByRole('button', { name: /Revoke/ }));
      await waitFor(() => expect(screen.queryByText('lk_abcdef-secret')).toBeNull());
    } finally {
      window.confirm = confirm;
    }
  });

  it('shows a validation error beside the name', async () => {
    openKeys({
      'GET /admin/apikey': { status: 200, body: [] },
      'POST /admin/apikey': validationError('body/name must NOT have fewer than 1 characters'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(screen.getByLabelText('Name of the new key')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Name cannot be empty')).toBeInTheDocument();
  });

  it('exports the keys as CSV: name, id, prefix and time, never a secret', async () => {
    const downloads = captureDownloads();
    openKeys({
      'GET /admin/apikey': {
        status: 200,
        body: [
          { apiKeyId: 'ak_1', name: 'checkout', keyPrefix: 'lk_abc', scopes: ALL, createdAt: Date.UTC(2026, 0, 2) },
          { apiKeyId: 'ak_2', name: 'pos', keyPrefix: 'lk_def', scopes: ['events:write'], createdAt: Date.UTC(2026, 0, 3) },
        ],
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.count()).toBe(1));
    expect((await downloads.texts())[0]).toBe(
      'Name,Key id,Starts with,Scopes,Created\r\n' +
        'checkout,ak_1,lk_abc,all,2026-01-02T00:00:00.000Z\r\n' +
        'pos,ak_2,lk_def,events:write,2026-01-03T00:00:00.000Z\r\n',
    );
  });

  it('creates a key with the scopes ticked (all are ticked at first and then sent as no list)', async () => {
    const user = userEvent.setup();
    const api = openKeys({
      'GET /admin/apikey': { status: 200, body: [] },
      'POST /admin/apikey': {
        status: 201,
        body: { apiKeyId: 'ak_1', name: 'pos', keyPrefix: 'lk_a', scopes: [], createdAt: 0, key: 'lk_a-secret' },
      },
    });
    await user.type(await screen.findByLabelText('Name of the new key'), 'pos');
    for (const scope of ALL) expect((screen.getByLabelText(scope) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByLabelText('users:write'));
    await user.click(screen.getByLabelText('rewards:write'));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await screen.findByTestId('new-api-key');
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'pos', scopes: ['events:write', 'users:read'] });
    for (const scope of ALL) expect((screen.getByLabelText(scope) as HTMLInputElement).checked).toBe(true);
  });

  it('cannot create a key without any scope', async () => {
    const user = userEvent.setup();
    openKeys({ 'GET /admin/apikey': { status: 200, body: [] } });
    await user.type(await screen.findByLabelText('Name of the new key'), 'none');
    for (const scope of ALL) await user.click(screen.getByLabelText(scope));
    expect((screen.getByRole('button', { name: 'Create key' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

afterEach(() => vi.restoreAllMocks());
