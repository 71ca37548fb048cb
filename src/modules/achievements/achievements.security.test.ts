import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineEvent, NOW, sendEvent } from '../events/events.test-factory.js';
import { defineAchievement } from './achievements.test-factory.js';

describeSharedApp('achievements: security', (t) => {
  async function setup() {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'purchase', reward: { default: 1 } });
    await defineAchievement(t, { achievementId: 'a', criteria: { kind: 'eventCount', eventId: 'purchase', threshold: 1 } });
    await t.createUser('alice');
    await sendEvent(t, 'alice', { eventId: 'purchase' });
  }

  const userRoutes = ['/user/alice/achievement', '/user/alice/achievement/a'];

  it('answers 401 without a token and 403 for another user', async () => {
    await setup();
    for (const url of [...userRoutes, '/achievement/a']) expect((await t.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    for (const url of userRoutes) {
      const other = await t.inject({ method: 'GET', url, headers: await t.auth('mallory') });
      expect(other.statusCode, url).toBe(403);
      expect(other.json().code).toBe('FORBIDDEN_USER');
    }
  });

  it('lets a service token read any user of the project, and keeps the admin API closed to it', async () => {
    await setup();
    for (const url of userRoutes)
      expect((await t.inject({ method: 'GET', url, headers: await t.serviceAuth() })).statusCode, url).toBe(200);
    const admin = await t.inject({ method: 'GET', url: '/admin/achievement', headers: await t.serviceAuth() });
    expect(admin.statusCode).toBe(401);
  });

  it('keeps another project from seeing the achievement or the user', async () => {
    await setup();
    await t.admin('POST', '/admin/project', { projectId: `${t.projectId}-other`, name: 'Other' });
    const headers = await t.auth('alice', { projectId: `${t.projectId}-other` });
    expect((await t.inject({ method: 'GET', url: '/achievement/a', headers })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/user/alice/achievement', headers })).statusCode).toBe(404);
  });
});
