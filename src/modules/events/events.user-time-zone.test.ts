import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { createUserIn, moveUserTo } from '../users/users.test-factory.js';
import { defineEvent, sendEvent } from './events.test-factory.js';

/** Daily, weekly and monthly limits count in the user's local calendar; leaderboards stay UTC (decision 160). */
describeSharedApp('events: limits in the user time zone', (t) => {
  const at = (iso: string) => Date.parse(iso);
  async function sendAt(userId: string, iso: string) {
    await t.setClock(at(iso));
    const res = await sendEvent(t, userId, { eventId: 'checkin', timestamp: iso });
    expect(res.statusCode).toBe(200);
    return res.json().data as { points: number; limitReached: boolean };
  }
  const limited = async (userId: string, times: string[]) => {
    const out: boolean[] = [];
    for (const time of times) out.push((await sendAt(userId, time)).limitReached);
    return out;
  };

  it('opens a new daily slot at local midnight in Los Angeles, not at UTC midnight', async () => {
    await t.setClock(at('2026-01-15T12:00:00Z'));
    await defineEvent(t, { eventId: 'checkin', reward: { default: 10 }, limit: 1, limitPeriod: 'daily' });
    await createUserIn(t, 'la', 'America/Los_Angeles');
    await t.createUser('utc');
    // Thu 15 Jan 19:30, Thu 23:30, Fri 16 Jan 00:05 in Los Angeles; all on Fri 16 Jan in UTC.
    const times = ['2026-01-16T03:30:00Z', '2026-01-16T07:30:00Z', '2026-01-16T08:05:00Z'];
    expect(await limited('la', times)).toEqual([false, true, false]);
    expect(await limited('utc', times)).toEqual([false, true, true]);
  });

  it('keeps Auckland and Kathmandu days apart at their local midnight', async () => {
    await t.setClock(at('2026-01-15T12:00:00Z'));
    await defineEvent(t, { eventId: 'checkin', reward: { default: 10 }, limit: 1, limitPeriod: 'daily' });
    await createUserIn(t, 'akl', 'Pacific/Auckland');
    await createUserIn(t, 'ktm', 'Asia/Kathmandu');
    expect(await limited('akl', ['2026-01-15T10:30:00Z', '2026-01-15T10:59:00Z', '2026-01-15T11:00:00Z'])).toEqual([false, true, false]);
    expect(await limited('ktm', ['2026-01-15T18:10:00Z', '2026-01-15T18:14:00Z', '2026-01-15T18:15:00Z'])).toEqual([false, true, false]);
  });

  it('counts a weekly limit from local Monday midnight in Berlin across the spring change, and a monthly one in New York', async () => {
    await t.setClock(at('2026-03-20T12:00:00Z'));
    await defineEvent(t, { eventId: 'checkin', reward: { default: 10 }, limit: 1, limitPeriod: 'weekly' });
    await createUserIn(t, 'berlin', 'Europe/Berlin');
    // Sun 29 March 23:00 CEST; Sun 23:59 CEST; Mon 30 March 00:00 CEST (still Sunday 22:00 in UTC).
    expect(await limited('berlin', ['2026-03-29T21:00:00Z', '2026-03-29T21:59:00Z', '2026-03-29T22:00:00Z'])).toEqual([false, true, false]);

    await defineEvent(t, { eventId: 'monthly', reward: { default: 5 }, limit: 1, limitPeriod: 'monthly' });
    await createUserIn(t, 'ny', 'America/New_York');
    const send = async (iso: string) => {
      await t.setClock(at(iso));
      return (await sendEvent(t, 'ny', { eventId: 'monthly', timestamp: iso })).json().data.limitReached;
    };
    // Tue 31 March 20:00 EDT is 1 April in UTC; Wed 1 April 00:30 EDT is a new local month.
    expect([await send('2026-04-01T00:00:00Z'), await send('2026-04-01T03:00:00Z'), await send('2026-04-01T04:30:00Z')]).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('counts the limit in the new zone after a zone change: the local date decides', async () => {
    await t.setClock(at('2026-01-15T12:00:00Z'));
    await defineEvent(t, { eventId: 'checkin', reward: { default: 10 }, limit: 1, limitPeriod: 'daily' });
    await createUserIn(t, 'flyer', 'America/Los_Angeles');
    expect(await limited('flyer', ['2026-01-16T04:00:00Z'])).toEqual([false]); // Thu 15 Jan in Los Angeles
    await moveUserTo(t, 'flyer', 'Pacific/Auckland');
    // 04:30 UTC on the 16th is 17:30 on Fri 16 Jan in Auckland: a new local day; 10:59 UTC is still the 16th there.
    expect(await limited('flyer', ['2026-01-16T04:30:00Z', '2026-01-16T10:59:00Z', '2026-01-16T11:00:00Z'])).toEqual([false, true, false]);
  });

  it('keeps monthly leaderboards in UTC months whatever the user zone', async () => {
    await t.setClock(at('2026-01-31T12:00:00Z'));
    await defineEvent(t, { eventId: 'checkin', reward: { default: 10 } });
    await createUserIn(t, 'akl', 'Pacific/Auckland');
    await sendAt('akl', '2026-01-31T20:00:00Z'); // 1 February 09:00 in Auckland
    await t.setClock(at('2026-02-01T01:00:00Z'));
    const board = async (month: string) =>
      (
        await t.inject({
          method: 'GET',
          url: `/project/${t.projectId}/leaderboard?groupId=default&month=${month}`,
          headers: await t.serviceAuth(),
        })
      ).json();
    expect((await board('2026-01')).users).toEqual([expect.objectContaining({ userId: 'akl', points: 10, rank: 1 })]);
    expect((await board('2026-02')).users).toEqual([]);
  });
});
