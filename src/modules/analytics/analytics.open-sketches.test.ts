import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { describeSharedApp, type TestContext } from '../../../test/helpers/test-app.js';
import type { AnalyticsRepository } from './analytics.repository.js';
import { defineEvent, feedStage, NOW, stats } from './analytics.test-factory.js';

/** The repository behind GET /stats/event, to see which reads carry sketches (decision 345). */
function repositoryOf(t: TestContext): AnalyticsRepository {
  return (t.app.services.analytics as unknown as { repo: AnalyticsRepository }).repo;
}

/** Reads of a request that carried sketches (cover reads of some buckets, with sketches). */
function sketchReads(spy: { mock: { calls: unknown[][] } }): number {
  return spy.mock.calls.filter((c) => {
    const buckets = c[2] as { months: number[]; days: number[] };
    return c[3] !== false && buckets.months.length + buckets.days.length > 0;
  }).length;
}

/** More `visit` events after feedStage defined it, of known users or (`created`) new ones. */
async function more(t: TestContext, userIds: string[], created = false): Promise<void> {
  if (created) for (const userId of userIds) await t.app.services.users.create(t.projectId, userId);
  const principal = { kind: 'service' as const, projectId: t.projectId, subject: 'test-service' };
  await Promise.all(userIds.map((userId) => t.app.services.events.ingest(principal, { eventId: 'visit', userId })));
}

describeSharedApp('analytics: sketches of open buckets read only when their counts moved (decision 345)', (t) => {
  beforeEach(() => t.setClock(NOW));
  afterEach(() => vi.restoreAllMocks());

  it('answers a repeated request without reading a sketch, and a request after new users with them counted', async () => {
    await feedStage(
      t,
      Array.from({ length: 40 }, (_, i) => ({ userId: `u${i % 20}` })),
    );
    const spy = vi.spyOn(repositoryOf(t), 'coverRows');
    const first = (await stats(t, '?period=7d')).json();
    expect(first.data).toMatchObject({ totalEvents: 40, uniqueUsers: 20, eventBreakdown: { visit: { count: 40, users: 20 } } });
    expect(sketchReads(spy)).toBe(1);

    spy.mockClear();
    const again = (await stats(t, '?period=7d')).json();
    expect(again.data).toEqual(first.data);
    expect(sketchReads(spy)).toBe(0);

    // Repeats of known users move the counts: the sketches are read again, the users stay 20.
    await more(
      t,
      Array.from({ length: 5 }, (_, i) => `u${i}`),
    );
    spy.mockClear();
    const repeats = (await stats(t, '?period=7d')).json();
    expect(repeats.data).toMatchObject({ totalEvents: 45, uniqueUsers: 20, eventBreakdown: { visit: { count: 45, users: 20 } } });
    expect(sketchReads(spy)).toBe(1);

    await more(
      t,
      Array.from({ length: 10 }, (_, i) => `new${i}`),
      true,
    );
    const grown = (await stats(t, '?period=7d')).json();
    expect(grown.data).toMatchObject({ totalEvents: 55, uniqueUsers: 30, eventBreakdown: { visit: { count: 55, users: 30 } } });
    const perEvent = (await stats(t, '?period=7d&eventId=visit')).json();
    expect(perEvent.data).toMatchObject({ totalCount: 55, uniqueUsers: 30 });
  });

  it('keeps each event of the breakdown right when only another event moved', async () => {
    await defineEvent(t, { eventId: 'login', reward: { default: 0 } });
    await feedStage(
      t,
      Array.from({ length: 12 }, (_, i) => ({ userId: `v${i}` })),
    );
    const principal = { kind: 'service' as const, projectId: t.projectId, subject: 'test-service' };
    const login = (userId: string) => t.app.services.events.ingest(principal, { eventId: 'login', userId });
    for (const u of ['v0', 'v1', 'v2']) await login(u);
    const before = (await stats(t, '?period=1d')).json().data;
    expect(before).toMatchObject({ uniqueUsers: 12, eventBreakdown: { visit: { users: 12 }, login: { users: 3 } } });

    await t.app.services.users.create(t.projectId, 'w1');
    await login('w1');
    const after = (await stats(t, '?period=1d')).json().data;
    expect(after).toMatchObject({
      totalEvents: 16,
      uniqueUsers: 13,
      eventBreakdown: { visit: { count: 12, users: 12 }, login: { count: 4, users: 4 } },
    });
  });
});
