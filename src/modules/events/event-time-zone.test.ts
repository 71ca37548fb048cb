import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineEvent, history, NOW, sendEvent } from './events.test-factory.js';

/** An offline timestamp without a zone is UTC on a host in any time zone (decision 081). */
describeSharedApp('events: timestamps on a host outside UTC', (t) => {
  const hostZone = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'America/New_York'; // Node applies a changed TZ at once
  });
  afterEach(() => {
    if (hostZone === undefined) delete process.env.TZ;
    else process.env.TZ = hostZone;
  });

  it('reads a timestamp without a zone as UTC, for data.timestamp, the history day and the limit period', async () => {
    await t.setClock(NOW); // 2026-01-15 12:00 UTC, 07:00 in New York
    await defineEvent(t, { eventId: 'checkin', reward: { default: 10 }, limit: 1 });
    await t.createUser('jay');
    // 08:45 UTC is three hours ago; read as New York time it would be 13:45 UTC, in the future.
    const morning = await sendEvent(t, 'jay', { eventId: 'checkin', timestamp: '2026-01-15T08:45:23' });
    expect(morning.statusCode).toBe(200);
    expect(morning.json().data).toMatchObject({ timestamp: Date.UTC(2026, 0, 15, 8, 45, 23), points: 10 });

    // 23:30 UTC belongs to the 14th (in New York time it would be the 15th, whose slot is taken).
    const lateEvening = await sendEvent(t, 'jay', { eventId: 'checkin', timestamp: '2026-01-14T23:30:00' });
    expect(lateEvening.json().data).toMatchObject({ timestamp: Date.UTC(2026, 0, 14, 23, 30), points: 10, limitReached: false });
    const entries = (await history(t, 'jay', '?sort=asc')).json();
    expect(entries.map((e: { globalEventDateKey: string }) => e.globalEventDateKey)).toEqual(['2026-01-14', '2026-01-15']);
  });

  it('still honours an explicit zone', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'checkin', reward: { default: 10 } });
    await t.createUser('kay');
    const res = await sendEvent(t, 'kay', { eventId: 'checkin', timestamp: '2026-01-15T06:00:00-05:00' });
    expect(res.json().data.timestamp).toBe(Date.UTC(2026, 0, 15, 11));
  });

  it('refuses a date that does not exist with 400 INVALID_TIMESTAMP', async () => {
    await t.setClock(Date.UTC(2026, 2, 2, 12));
    await defineEvent(t, { eventId: 'checkin', reward: { default: 10 } });
    await t.createUser('lou');
    const res = await sendEvent(t, 'lou', { eventId: 'checkin', timestamp: '2026-02-30T02:00:00Z' }); // Date.parse would make it 2026-03-02
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'INVALID_TIMESTAMP' });
  });
});
