import { beforeEach, expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';

/** Only ACTIVE, existing groups named in metadata.usergroup pay their reward and receive board points (decision 084). */
describeSharedApp('user groups in events', (t) => {
  const NOW = Date.UTC(2026, 0, 15, 12);
  const title = { default: 'G', de: 'G' };

  beforeEach(async () => {
    await t.setClock(NOW);
    for (const userGroupId of ['gold', 'silver'])
      expect((await t.admin('POST', '/admin/usergroup', { userGroupId, title })).statusCode).toBe(201);
    const reward = { default: 10, gold: 50, silver: 30, ghost: 100 };
    expect((await t.admin('POST', '/admin/event', { eventId: 'purchase', title: 'Purchase', reward })).statusCode).toBe(201);
    await t.createUser('amy');
  });

  const send = async (usergroup: string | string[]) => {
    const res = await t.inject({
      method: 'POST',
      url: '/event',
      headers: await t.auth('amy'),
      payload: { userId: 'amy', eventId: 'purchase', metadata: { usergroup } },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { points: number; userGroupId: string };
  };
  const boardPoints = async (groupId: string) => {
    const res = await t.inject({
      method: 'GET',
      url: `/project/${t.projectId}/leaderboard?groupId=${groupId}&month=2026-01`,
      headers: await t.serviceAuth(),
    });
    expect(res.statusCode).toBe(200);
    return res.json().users.map((u: { userId: string; points: number }) => [u.userId, u.points]);
  };
  const setStatus = async (userGroupId: string, status: 'ACTIVE' | 'INACTIVE') => {
    expect((await t.admin('PUT', `/admin/usergroup/${userGroupId}`, { title, status })).statusCode).toBe(200);
  };

  it('pays no group reward for an INACTIVE group and puts nothing on its board; the event counts for default', async () => {
    expect(await send('silver')).toMatchObject({ points: 30, userGroupId: 'silver' }); // active: loads the cached groups
    await setStatus('silver', 'INACTIVE');
    expect(await send('silver')).toMatchObject({ points: 10, userGroupId: 'default' });
    expect(await boardPoints('silver')).toEqual([['amy', 30]]);
    expect(await boardPoints('default')).toEqual([['amy', 40]]);

    await setStatus('silver', 'ACTIVE');
    expect(await send('silver')).toMatchObject({ points: 30, userGroupId: 'silver' });
    expect(await boardPoints('silver')).toEqual([['amy', 60]]);
  });

  it('ignores an unknown group even when the definition has a reward for it', async () => {
    expect(await send('ghost')).toMatchObject({ points: 10, userGroupId: 'default' });
    expect(await boardPoints('default')).toEqual([['amy', 10]]);
    const ghost = await t.inject({
      method: 'GET',
      url: `/project/${t.projectId}/leaderboard?groupId=ghost&month=2026-01`,
      headers: await t.serviceAuth(),
    });
    expect(ghost.statusCode).toBe(404);
  });

  it('takes the best reward among the active groups only, and credits only their boards', async () => {
    await setStatus('gold', 'INACTIVE');
    expect(await send(['gold', 'silver', 'ghost'])).toMatchObject({ points: 30, userGroupId: 'silver' });
    expect(await boardPoints('gold')).toEqual([]);
    expect(await boardPoints('silver')).toEqual([['amy', 30]]);
    // A group created after the cache was loaded takes part at once.
    expect((await t.admin('POST', '/admin/usergroup', { userGroupId: 'ghost', title })).statusCode).toBe(201);
    expect(await send(['gold', 'ghost'])).toMatchObject({ points: 100, userGroupId: 'ghost' });
    expect(await boardPoints('ghost')).toEqual([['amy', 100]]);
    // A deleted group no longer counts.
    expect((await t.admin('DELETE', '/admin/usergroup/ghost')).statusCode).toBe(204);
    expect(await send('ghost')).toMatchObject({ points: 10, userGroupId: 'default' });
  });
});
