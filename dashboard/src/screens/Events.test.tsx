import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn, validationError } from '../../test/fakeApi';
import { App } from '../App';

const purchase = {
  eventId: 'purchase',
  title: 'Purchase',
  description: 'A purchase in the shop',
  type: 'TRANSACTION',
  status: 'ACTIVE',
  reward: { default: 1, gold: 2 },
  rewardValueField: 'amount',
  limit: 3,
  limitPeriod: 'daily',
  maximumReward: 500,
  conditions: { type: 'AND', conditions: [{ field: 'amount', operator: 'greater_than', value: 10 }] },
  metadataFields: [{ key: 'amount', type: 'number', required: true }],
  requiresApiKey: false,
};

function openEvents(routes: Parameters<typeof fakeApi>[0]) {
  signedIn();
  window.history.replaceState(null, '', '/dashboard/events');
  const api = fakeApi({ 'GET /admin/project': { status: 200, body: [] }, 'GET /admin/usergroup': { status: 200, body: [] }, ...routes });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

describe('event definitions', () => {
  it('shows the empty state when the project has none', async () => {
    openEvents({ 'GET /admin/event': { status: 200, body: [] } });
    expect(await screen.findByText('No event definitions yet.')).toBeInTheDocument();
  });

  it('gives every element of the form its own id', async () => {
    const user = userEvent.setup({ delay: null });
    openEvents({ 'GET /admin/event': { status: 200, body: [] } });
    await user.click(await screen.findByRole('button', { name: 'New event' }));
    await user.selectOptions(screen.getByLabelText('Kind'), 'CONDITIONAL');
    const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('sends pendingDays when points are held pending, and leaves it out when empty', async () => {
    const user = userEvent.setup({ delay: null });
    const api = openEvents({
      'GET /admin/event': { status: 200, body: [] },
      'POST /admin/event': (call) => ({ status: 201, body: call.body }),
    });
    await user.click(await screen.findByRole('button', { name: 'New event' }));
    await user.type(screen.getByLabelText('Event id'), 'order');
    await user.type(screen.getByLabelText('Title'), 'Order');
    await user.type(screen.getByLabelText('Pending days'), '14');
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ eventId: 'order', pendingDays: 14 });
  });

  it('creates a definition with a group reward, a condition, a limit and a required metadata field', async () => {
    const user = userEvent.setup({ delay: null });
    const api = openEvents({
      'GET /admin/event': { status: 200, body: [] },
      'GET /admin/usergroup': {
        status: 200,
        body: [{ userGroupId: 'gold', title: { default: 'Gold', de: 'Gold' }, description: {}, status: 'ACTIVE', createdAt: 0 }],
      },
      'POST /admin/event': (call) => ({ status: 201, body: call.body }),
    });
    await user.click(await screen.findByRole('button', { name: 'New event' }));
    await user.type(screen.getByLabelText('Event id'), 'purchase');
    await user.type(screen.getByLabelText('Title'), 'Purchase');
    await user.selectOptions(screen.getByLabelText('Kind'), 'TRANSACTION');
    await user.clear(screen.getByLabelText('Points per unit'));
    await user.type(screen.getByLabelText('Points per unit'), '1');
    await user.type(screen.getByLabelText('Value field (metadata)'), 'amount');
    await user.type(screen.getByLabelText('Maximum points per event'), '500');
    await user.type(screen.getByLabelText('Limit (times per period)'), '3');

    await user.click(screen.getByRole('button', { name: '+ Add metadata field' }));
    await user.type(screen.getByLabelText('Key 1'), 'amount');
    await user.click(screen.getByLabelText('Required'));

    await user.click(screen.getByRole('button', { name: '+ Add group reward' }));
    // A picker of the project's groups, not free text.
    await waitFor(() => expect(screen.getByRole('option', { name: 'gold — Gold' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('User group 1'), 'gold');
    await user.type(screen.getAllByLabelText('Points').at(-1)!, '2');

    await user.click(screen.getByRole('button', { name: '+ Add condition' }));
    expect(screen.getByLabelText('Metadata field 1')).toHaveValue('amount');
    await user.type(screen.getByLabelText('Value'), '10');

    expect(
      screen.getByText(
        'Awards 1 points per unit of “amount” (groups — gold: 2), at most 500 per event, only when its condition holds; ' +
          'counts 3× per day.',
        { exact: false },
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create event' }));

    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const { status: _status, description: _description, ...created } = purchase;
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual(created);
    expect(await screen.findByText('Event purchase saved.')).toBeInTheDocument();
  });

  it('shows a validation error next to the field it names', async () => {
    openEvents({
      'GET /admin/event': { status: 200, body: [] },
      'POST /admin/event': validationError("body must have required property 'title'"),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New event' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));
    const title = screen.getByLabelText('Title');
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    const errorId = title.getAttribute('aria-describedby')!.split(' ').pop()!;
    expect(document.getElementById(errorId)!.textContent).toBe('Title is required');
    // Summarised beside Submit, focus on the field, and gone once the field is edited.
    expect(document.querySelector('.form-summary')!.textContent).toBe('Not saved: Title is required');
    await waitFor(() => expect(document.activeElement).toBe(title));
    await userEvent.type(title, 'P');
    expect(document.querySelector('.form-summary')).toBeNull();
    expect(title).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a taken id (409) next to the id field', async () => {
    openEvents({
      'GET /admin/event': { status: 200, body: [] },
      'POST /admin/event': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'Event purchase already exists', code: 'EVENT_EXISTS' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New event' }));
    await userEvent.type(screen.getByLabelText('Event id'), 'purchase');
    await userEvent.type(screen.getByLabelText('Title'), 'Purchase');
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('Event purchase already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Event id')).toHaveAttribute('aria-invalid', 'true');
  });

  it('moves focus into the form on Edit (to its first field that can be changed)', async () => {
    openEvents({ 'GET /admin/event': { status: 200, body: [purchase] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit purchase' }));
    const form = screen.getByRole('form', { name: 'Edit event purchase' });
    await waitFor(() => expect(form.contains(document.activeElement)).toBe(true));
    expect(document.activeElement).toHaveProperty('disabled', false);
  });

  it('edits a definition: the form holds its values and PUT sends them back unchanged', async () => {
    const api = openEvents({
      'GET /admin/event': { status: 200, body: [purchase] },
      'PUT /admin/event/purchase': (call) => ({ status: 200, body: call.body }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit purchase' }));
    expect(screen.getByLabelText('Event id')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Metadata field 1')).toHaveValue('amount');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual(purchase);
  });

  it('deactivates with a full update whose status is INACTIVE', async () => {
    const api = openEvents({
      'GET /admin/event': { status: 200, body: [purchase] },
      'PUT /admin/event/purchase': (call) => ({ status: 200, body: call.body }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate purchase' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate event purchase?' });
    expect(dialog.textContent).toMatch(/refused with 400 EVENT_INACTIVE/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate purchase' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ ...purchase, status: 'INACTIVE' });
    expect(await screen.findByText('Event purchase is now INACTIVE.')).toBeInTheDocument();
  });
});
