import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../test/fakeApi';
import { App } from '../App';

const user = (userId: string, points: number) => ({ userId, points, lastActiveAt: null, createdAt: Date.UTC(2026, 0, 1) });

function openUsers(routes: Parameters<typeof fakeApi>[0]) {
  signedIn();
  window.history.replaceState(null, '', '/dashboard/users');
  const api = fakeApi({ 'GET /admin/project': { status: 200, body: [] }, ...routes });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

describe('users list', () => {
  it('lists users, searches by id prefix, sorts, and pages with nextCursor', async () => {
    const api = openUsers({
      'GET /admin/user': (call) => {
        if (call.path.includes('cursor=n2')) return { status: 200, body: { users: [user('anna', 3)], nextCursor: null } };
        if (call.path.includes('prefix=al')) return { status: 200, body: { users: [user('alice', 1109)], nextCursor: null } };
        return { status: 200, body: { users: [user('bob', 20), user('carol', 10)], nextCursor: 'n2' } };
      },
    });
    expect(await screen.findByRole('link', { name: 'bob' })).toHaveAttribute('href', '/dashboard/users/bob');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'anna' })).toBeInTheDocument();
    expect(api.calls.at(-1)!.path).toBe('/admin/user?sort=createdAt&cursor=n2&limit=50');

    await userEvent.selectOptions(screen.getByLabelText('Sort'), 'points');
    await waitFor(() => expect(api.calls.at(-1)!.path).toBe('/admin/user?sort=points&limit=50'));
    await userEvent.type(screen.getByLabelText('User id starts with'), 'al');
    expect(await screen.findByText('1,109')).toBeInTheDocument();
    expect(api.calls.at(-1)!.path).toBe('/admin/user?prefix=al&sort=points&limit=50');
    expect(screen.queryByRole('link', { name: 'anna' })).toBeNull();
  });

  it('says so when no user matches the search', async () => {
    openUsers({ 'GET /admin/user': { status: 200, body: { users: [], nextCursor: null } } });
    await userEvent.type(await screen.findByLabelText('User id starts with'), 'zz');
    expect(await screen.findByText('No user id starts with “zz”.')).toBeInTheDocument();
  });

  it('opens a user by exact id as a secondary way in', async () => {
    openUsers({
      'GET /admin/user': { status: 200, body: { users: [], nextCursor: null } },
      'GET /user/zoe/points': { status: 200, body: { userId: 'zoe', points: 0, userExists: false } },
    });
    await userEvent.click(await screen.findByText('Open a user by exact id'));
    await userEvent.type(screen.getByLabelText('User id'), 'zoe');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/users/zoe'));
    expect(await screen.findByRole('button', { name: 'Create user zoe…' })).toBeInTheDocument();
  });
});
