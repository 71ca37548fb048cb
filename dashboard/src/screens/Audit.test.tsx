import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';
import { changedKeys, createdFields } from './Audit';

const change = {
  at: Date.UTC(2026, 2, 12, 9),
  actor: 'admin',
  resource: 'offer',
  resourceId: 'coffee',
  action: 'update',
  before: { offerId: 'coffee', points: 100, status: 'ACTIVE' },
  after: { offerId: 'coffee', points: 80, status: 'ACTIVE' },
};

function openAt(path: string, routes: Parameters<typeof fakeApi>[0]) {
  signedIn();
  window.history.replaceState(null, '', path);
  const api = fakeApi({ 'GET /admin/project': { status: 200, body: [] }, ...routes });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

describe('audit log', () => {
  it('names the fields that changed', () => {
    expect(changedKeys(change.before, change.after)).toEqual(['points']);
    expect(changedKeys(null, { a: 1 })).toEqual(['a']);
  });

  it('lists changes with who, what and before → after, filtered by resource and id', async () => {
    const api = openAt('/dashboard/audit', { 'GET /admin/audit-log': { status: 200, body: { entries: [change], nextCursor: null } } });
    expect(await screen.findByText('changed: points')).toBeInTheDocument();
    expect([...document.querySelectorAll('.diff pre')].map((p) => JSON.parse(p.textContent!))).toEqual([{ points: 100 }, { points: 80 }]);
    expect(screen.getByLabelText('Resource id')).toHaveAttribute('disabled', '');
    await userEvent.selectOptions(screen.getByLabelText('Resource'), 'offer');
    await userEvent.type(screen.getByLabelText('Resource id'), 'coffee');
    await waitFor(() => expect(api.calls.at(-1)!.path).toBe('/admin/audit-log?resource=offer&resourceId=coffee&limit=50'));
  });

  it('shows a create once, with the fields given and without computed ones', async () => {
    const created = {
      ...change,
      action: 'create',
      before: null,
      after: { offerId: 'coffee', points: 80, createdAt: 1, updatedAt: 1, statistics: { redeemed: 0 }, totalStatistics: { redeemed: 0 } },
    };
    expect(createdFields(created.after)).toEqual({ offerId: 'coffee', points: 80 });
    openAt('/dashboard/audit', { 'GET /admin/audit-log': { status: 200, body: { entries: [created], nextCursor: null } } });
    expect(await screen.findByText('created with: offerId, points')).toBeInTheDocument();
    expect(screen.queryByText(/^changed:/)).toBeNull();
    expect(document.querySelectorAll('.diff')).toHaveLength(0);
    expect([...document.querySelectorAll('details pre')].map((p) => JSON.parse(p.textContent!))).toEqual([
      { offerId: 'coffee', points: 80 },
    ]);
  });

  it('filters by date (UTC) and shows When on one line', async () => {
    const api = openAt('/dashboard/audit', { 'GET /admin/audit-log': { status: 200, body: { entries: [change], nextCursor: null } } });
    const when = await screen.findByText('2026-03-12 09:00 UTC');
    expect(when.tagName).toBe('TIME');
    expect(when.classList.contains('nowrap')).toBe(true);
    expect(when).toHaveAttribute('datetime', '2026-03-12T09:00:00.000Z');
    await userEvent.type(screen.getByLabelText('From (UTC)'), '2026-03-01T00:00');
    await userEvent.type(screen.getByLabelText('To (UTC)'), '2026-03-13T00:00');
    const from = Date.UTC(2026, 2, 1);
    const to = Date.UTC(2026, 2, 13);
    await waitFor(() => expect(api.calls.at(-1)!.path).toBe(`/admin/audit-log?from=${from}&to=${to}&limit=50`));
  });

  it("shows a History panel of the resource's changes on its edit form", async () => {
    const offer = {
      offerId: 'coffee',
      shopId: 'cafe',
      title: { en: 'Coffee' },
      description: { en: '' },
      points: 80,
      type: 'COUPON',
      status: 'ACTIVE',
    };
    const api = openAt('/dashboard/offers', {
      'GET /admin/offer': { status: 200, body: [offer] },
      'GET /admin/shop': { status: 200, body: [] },
      'GET /admin/audit-log': { status: 200, body: { entries: [change], nextCursor: null } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit coffee' }));
    const form = screen.getByRole('form', { name: 'Edit offer coffee' });
    await userEvent.click(within(form).getByText('History of coffee'));
    expect(await within(form).findByText('changed: points')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/admin/audit-log?resource=offer&resourceId=coffee&limit=50')).toBe(true);
  });
});
