import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../test/fakeApi';
import { App } from './App';

const projects = {
  status: 200,
  body: [
    { projectId: 'default', name: 'default', createdAt: 1 },
    { projectId: 'shop-b', name: 'Shop B', createdAt: 2 },
  ],
};

describe('sign-in', () => {
  it('shows the refusal next to the token field and keeps nothing', async () => {
    const api = fakeApi({
      'GET /admin/project': {
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Admin token required', code: 'ADMIN_TOKEN_REQUIRED' },
      },
    });
    render(<App fetchImpl={api.fetchImpl} />);
    await userEvent.type(screen.getByLabelText('Admin token'), 'wrong-token');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const field = screen.getByLabelText('Admin token');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    const described = document.getElementById(field.getAttribute('aria-describedby')!.split(' ').pop()!)!;
    expect(described.textContent).toMatch(/not accepted/);
    expect(localStorage.getItem('laurel.session')).toBeNull();
  });

  it('keeps an accepted token in localStorage and opens the overview', async () => {
    const api = fakeApi({ 'GET /admin/project': projects, 'GET /admin/event': { status: 200, body: [{ eventId: 'purchase' }] } });
    render(<App fetchImpl={api.fetchImpl} />);
    await userEvent.type(screen.getByLabelText('Admin token'), 'the-admin-token-123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Project default' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('laurel.session')!)).toEqual({ token: 'the-admin-token-123', projectId: 'default' });
    expect(await screen.findByText('1 configured')).toBeInTheDocument();
  });
});

describe('the sign-in across tabs (decision 123)', () => {
  it('a new tab of the same browser is signed in', async () => {
    const api = fakeApi({ 'GET /admin/project': projects, 'GET /admin/event': { status: 200, body: [] } });
    const first = render(<App fetchImpl={api.fetchImpl} />);
    await userEvent.type(screen.getByLabelText('Admin token'), 'the-admin-token-123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('button', { name: 'Sign out' });
    first.unmount();
    sessionStorage.clear(); // a new tab starts with an empty sessionStorage
    render(<App fetchImpl={api.fetchImpl} />);
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Admin token')).toBeNull();
  });

  it('Sign out forgets the token, and signs out the other tabs too', async () => {
    signedIn();
    const api = fakeApi({ 'GET /admin/project': projects, 'GET /admin/event': { status: 200, body: [] } });
    const other = render(<App fetchImpl={api.fetchImpl} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByLabelText('Admin token')).toBeInTheDocument();
    expect(localStorage.getItem('laurel.session')).toBeNull();
    other.unmount();

    signedIn();
    render(<App fetchImpl={api.fetchImpl} />);
    await screen.findByRole('button', { name: 'Sign out' });
    // Another tab signs out: the browser tells this one through a storage event.
    localStorage.removeItem('laurel.session');
    window.dispatchEvent(new StorageEvent('storage', { key: 'laurel.session', newValue: null, storageArea: localStorage }));
    expect(await screen.findByLabelText('Admin token')).toBeInTheDocument();
  });
});

describe('project switcher', () => {
  it('sends x-project-id of the chosen project from then on', async () => {
    signedIn();
    window.history.replaceState(null, '', '/dashboard/usergroups');
    const api = fakeApi({ 'GET /admin/project': projects, 'GET /admin/usergroup': { status: 200, body: [] } });
    render(<App fetchImpl={api.fetchImpl} />);
    expect(await screen.findByText(/No user groups yet/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('option', { name: 'shop-b — Shop B' })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByLabelText('Project'), 'shop-b');
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/admin/usergroup').at(-1)!.headers['x-project-id']).toBe('shop-b'));
    expect(JSON.parse(localStorage.getItem('laurel.session')!).projectId).toBe('shop-b');
  });

  it('navigates between screens from the menu without reloading', async () => {
    signedIn();
    const api = fakeApi({ 'GET /admin/project': projects, 'GET /admin/apikey': { status: 200, body: [] } });
    render(<App fetchImpl={api.fetchImpl} />);
    const nav = screen.getByRole('navigation', { name: 'Screens' });
    await userEvent.click(within(nav).getByRole('link', { name: 'API keys' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'API keys' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard/apikeys');
    expect(within(nav).getByRole('link', { name: 'API keys' })).toHaveAttribute('aria-current', 'page');
  });

  it('Skip to content moves the focus to the main region and stays on the screen', async () => {
    signedIn();
    window.history.replaceState(null, '', '/dashboard/apikeys');
    const api = fakeApi({ 'GET /admin/project': projects, 'GET /admin/apikey': { status: 200, body: [] } });
    render(<App fetchImpl={api.fetchImpl} />);
    await screen.findByRole('heading', { level: 1, name: 'API keys' });
    screen.getByRole('button', { name: 'Menu' }).focus();
    await userEvent.click(screen.getByRole('link', { name: 'Skip to content' }));
    expect(document.activeElement).toBe(document.getElementById('main'));
    expect(window.location.pathname).toBe('/dashboard/apikeys');
    expect(screen.getByRole('heading', { level: 1, name: 'API keys' })).toBeInTheDocument();
  });
});
