import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn, validationError } from '../../test/fakeApi';
import { App } from '../App';
import { settingsToBody } from './ProjectSettings';

const project = {
  projectId: 'default',
  name: 'Default project',
  createdAt: 0,
  tierWindow: { months: 12 },
  tierGraceMonths: 1,
  pointsExpiry: null,
  autoCreateUsers: false,
};

function open(routes: Parameters<typeof fakeApi>[0]) {
  signedIn();
  window.history.replaceState(null, '', '/dashboard/projects');
  const api = fakeApi({ 'GET /admin/project': { status: 200, body: [project] }, ...routes });
  render(<App fetchImpl={api.fetchImpl} />);
  return api;
}

describe('Project settings', () => {
  it('sends every setting, and null when points do not expire', () => {
    expect(
      settingsToBody('Shop', { tierWindowMonths: '6', tierGraceMonths: '0', expires: false, afterDays: '30', autoCreateUsers: false }),
    ).toEqual({
      name: 'Shop',
      tierWindow: { months: 6 },
      tierGraceMonths: 0,
      pointsExpiry: null,
      autoCreateUsers: false,
    });
    expect(
      settingsToBody('Shop', { tierWindowMonths: '12', tierGraceMonths: '1', expires: true, afterDays: '30', autoCreateUsers: true }),
    ).toMatchObject({
      autoCreateUsers: true,
      pointsExpiry: { afterDays: 30 },
    });
  });

  it('switches points expiry on for the current project, keeping its name and tier settings', async () => {
    const user = userEvent.setup();
    const api = open({ 'PUT /admin/project/default': (call) => ({ status: 200, body: { ...project, ...(call.body as object) } }) });
    await user.click(await screen.findByLabelText('Points expire'));
    await user.clear(screen.getByLabelText('Expire after (days)'));
    await user.type(screen.getByLabelText('Expire after (days)'), '90');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      name: 'Default project',
      tierWindow: { months: 12 },
      tierGraceMonths: 1,
      pointsExpiry: { afterDays: 90 },
      autoCreateUsers: false,
    });
  });

  it('turns on creating users from their first event', async () => {
    const user = userEvent.setup();
    const api = open({ 'PUT /admin/project/default': (call) => ({ status: 200, body: { ...project, ...(call.body as object) } }) });
    await user.click(await screen.findByLabelText('Create users from their first event'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ autoCreateUsers: true });
  });

  it("shows the API's refusal beside the field", async () => {
    const user = userEvent.setup();
    open({ 'PUT /admin/project/default': validationError('body/pointsExpiry/afterDays must be >= 1') });
    await user.click(await screen.findByLabelText('Points expire'));
    await user.clear(screen.getByLabelText('Expire after (days)'));
    await user.type(screen.getByLabelText('Expire after (days)'), '0');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    // In plain words (form.ts), beside the field and in the summary by Save.
    expect((await screen.findAllByText('Points expiry after days must be at least 1')).length).toBeGreaterThan(0);
  });
});
