import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';
import type { Segment } from '../api/types';
import { fieldSuggestions, membersPage, rulesText, segmentToBody, segmentToForm } from './segmentForm';

const gold: Segment = {
  segmentId: 'gold-inactive',
  title: 'Gold, inactive for 30 days',
  match: 'all',
  rules: [
    { field: 'tier', operator: 'equals', value: 'gold' },
    { field: 'daysSinceActive', operator: 'greater_than_or_equal', value: 30 },
  ],
  createdAt: 1,
  updatedAt: 1,
};

function open(path: string, routes: Parameters<typeof fakeApi>[0]) {
  signedIn();
  window.history.replaceState(null, '', `/dashboard/${path}`);
  const api = fakeApi({ 'GET /admin/project': { status: 200, body: [] }, 'GET /admin/event': { status: 200, body: [] }, ...routes });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

describe('segment form values', () => {
  it('types rule values as the conditions editor does and reads them back', () => {
    const body = segmentToBody({
      segmentId: ' gold-inactive ',
      title: 'Gold',
      match: 'any',
      rules: [
        { field: ' tier ', operator: 'in', value: 'gold, silver' },
        { field: 'balance.points', operator: 'greater_than', value: '100' },
        { field: 'attributes.plan', operator: 'exists', value: '' },
      ],
      status: 'ACTIVE',
    });
    expect(body).toEqual({
      segmentId: 'gold-inactive',
      title: 'Gold',
      match: 'any',
      rules: [
        { field: 'tier', operator: 'in', value: ['gold', 'silver'] },
        { field: 'balance.points', operator: 'greater_than', value: 100 },
        { field: 'attributes.plan', operator: 'exists', value: true },
      ],
    });
    expect(segmentToBody(segmentToForm(gold))).toEqual({
      segmentId: 'gold-inactive',
      title: gold.title,
      match: 'all',
      rules: gold.rules,
    });
    expect(rulesText(gold)).toBe('tier = gold and daysSinceActive ≥ 30');
  });

  it('suggests a balance and lifetime field per currency and an events field per event', () => {
    expect(fieldSuggestions(['points', 'xp'], ['purchase'])).toEqual([
      'tier',
      'group',
      'balance.points',
      'lifetime.points',
      'balance.xp',
      'lifetime.xp',
      'daysSinceActive',
      'daysSinceJoined',
      'events.purchase.30d',
      'attributes.',
    ]);
  });

  it('reads a members page: its ids and the next cursor', () => {
    expect(membersPage({ segmentId: 's', userIds: ['a', 'b'], nextCursor: 'c1' })).toEqual({ rows: ['a', 'b'], nextCursor: 'c1' });
    expect(membersPage({ segmentId: 's', userIds: ['z'], nextCursor: null })).toEqual({ rows: ['z'], nextCursor: null });
  });
});

describe('the Segments screen', () => {
  it('lists segments with their rules and the member count of now, linking to the members', async () => {
    open('segments', {
      'GET /admin/segment': { status: 200, body: [gold] },
      'GET /admin/segment/gold-inactive/count': { status: 200, body: { segmentId: 'gold-inactive', count: 1234 } },
    });
    const count = await screen.findByTestId('segment-count-gold-inactive');
    expect(count.textContent).toContain('1,234');
    expect(within(count).getByRole('link', { name: 'members of gold-inactive' }).getAttribute('href')).toBe(
      '/dashboard/segments/gold-inactive',
    );
    expect(screen.getByText('tier = gold and daysSinceActive ≥ 30')).toBeInTheDocument();
    // No status: a segment is deleted, not deactivated.
    expect(screen.getByRole('button', { name: 'Delete gold-inactive' })).toBeInTheDocument();
  });

  it('creates a segment with its rules', async () => {
    const user = userEvent.setup();
    const api = open('segments', {
      'GET /admin/segment': { status: 200, body: [] },
      'POST /admin/segment': { status: 201, body: gold },
    });
    await user.click(await screen.findByRole('button', { name: 'New segment' }));
    await user.type(screen.getByLabelText('Segment id'), 'gold-inactive');
    await user.type(screen.getByLabelText('Title'), 'Gold');
    await user.type(screen.getByLabelText('Value'), 'gold');
    await user.click(screen.getByRole('button', { name: 'Create segment' }));
    expect(await screen.findByText('Segment gold-inactive saved.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      segmentId: 'gold-inactive',
      title: 'Gold',
      match: 'all',
      rules: [{ field: 'tier', operator: 'equals', value: 'gold' }],
    });
  });

  it('says a server without segments has no such screen instead of failing', async () => {
    open('segments', {});
    expect(await screen.findByText(/Not available on this server/)).toBeInTheDocument();
  });

  it('pages the members of a segment', async () => {
    const user = userEvent.setup();
    open('segments/gold-inactive', {
      'GET /admin/segment/gold-inactive/users?limit=50': {
        status: 200,
        body: { segmentId: 'gold-inactive', userIds: ['alice', 'bob'], nextCursor: 'c1' },
      },
      'GET /admin/segment/gold-inactive/users?cursor=c1&limit=50': {
        status: 200,
        body: { segmentId: 'gold-inactive', userIds: ['carol'], nextCursor: null },
      },
    });
    expect(await screen.findByRole('link', { name: 'alice' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await screen.findByRole('link', { name: 'carol' })).getAttribute('href')).toBe('/dashboard/users/carol');
  });
});
