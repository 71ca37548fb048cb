import { Redis } from 'ioredis';
import { expect, it } from 'vitest';
import { describeBackends, type TestContext } from '../helpers/test-app.js';

/** Subscribers of this app's invalidation channel, counted by Redis itself. */
async function busSubscribers(t: TestContext): Promise<number> {
  const redis = t.app.platform.redis!;
  const raw = new Redis(t.config().redisUrl!, { maxRetriesPerRequest: 1 });
  try {
    const reply = (await raw.call('PUBSUB', 'NUMSUB', redis.channel('bus'))) as [string, number];
    return Number(reply[1]);
  } finally {
    raw.disconnect();
  }
}

async function jobStatus(t: TestContext, jobId: string): Promise<string> {
  return (await t.admin('GET', `/admin/job/${jobId}`)).json().status;
}

describeBackends('app life cycle: the services start when the app is ready and close with it', (t) => {
  it('starts nothing on build; ready starts the job runner, which then works by itself', async () => {
    t.configure({ jobPollMs: 20 });
    await t.restart();
    if (t.backend === 'postgres') expect(await busSubscribers(t)).toBe(0);
    await t.createUser('ada'); // the first request makes the app ready
    if (t.backend === 'postgres') expect(await busSubscribers(t)).toBe(1);
    const { jobId } = (await t.inject({ method: 'DELETE', url: '/user/ada', headers: await t.auth('ada') })).json();
    for (let i = 0; i < 100 && (await jobStatus(t, jobId)) !== 'done'; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await jobStatus(t, jobId)).toBe('done');
  });

  it('closing the services stops the job runner and ends the subscriptions; closing the app closes the stores', async () => {
    t.configure({ jobPollMs: 20 });
    await t.restart();
    await t.createUser('bob');
    await t.app.services.close();
    if (t.backend === 'postgres') expect(await busSubscribers(t)).toBe(0);
    // A queued job stays queued: no runner polls any more.
    const jobId = await t.app.services.jobs.enqueue({ projectId: 'default', kind: 'user-deletion', subject: 'bob', payload: { owner: 0 } });
    await new Promise((r) => setTimeout(r, 300));
    expect(await jobStatus(t, jobId)).toBe('queued');

    const { platform } = t.app;
    await t.app.close();
    await expect(platform.db.ping()).rejects.toThrow();
    if (platform.redis) {
      // QUIT is answered before the socket closes; the connection ends just after.
      const client = platform.redis.client;
      for (let i = 0; i < 50 && client.status !== 'end'; i++) await new Promise((r) => setTimeout(r, 20));
      expect(client.status).toBe('end');
    }
    await t.restart(); // a fresh app for the teardown
  });

  it('keeps the write path participants in a list that cannot be changed from outside', () => {
    const { participants } = t.app.services.writes;
    // The order the participants' declarations give (decision 251; the ledger is one of them now).
    expect(participants.map((s) => s.name)).toEqual([
      'ledger',
      'adjustments',
      'campaign-backfill',
      'points-settle',
      'reversals',
      'season-payouts',
      'surveys',
      'tiers',
      'events',
      'campaigns',
      'challenges',
      'referrals',
      'streaks',
      'achievements',
      'redemptions',
      'live',
      'webhooks',
      'analytics',
      'leaderboards',
    ]);
    expect(Object.isFrozen(participants)).toBe(true);
    expect(() => (participants as unknown as unknown[]).push({ name: 'extra' })).toThrow(TypeError);
    expect(() => t.app.services.writes.use([])).toThrow();
  });
});
