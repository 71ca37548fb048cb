import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineEvent, history, NOW, sendEvent } from '../events/events.test-factory.js';

describeSharedApp('reward history', (t) => {
  it('answers 204 with no content when the user has no entries', async () => {
    await t.createUser('amy');
    const res = await history(t, 'amy');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('shows an event entry with its id, texts, image and date key', async () => {
    await t.setClock(NOW);
    await defineEvent(t, {
      eventId: 'purchase',
      title: 'Einkauf',
      description: 'Ein Einkauf im Shop',
      image: 'https://img.example/p.png',
      reward: { default: 10 },
    });
    await t.createUser('amy');
    const sent = (await sendEvent(t, 'amy', { eventId: 'purchase' })).json().data;
    const res = await history(t, 'amy');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: `EVENT#purchase#${sent.timestamp}`,
        timestamp: sent.timestamp,
        type: 'EVENT',
        points: 10,
        image: 'https://img.example/p.png',
        description: { de: 'Ein Einkauf im Shop', en: 'Ein Einkauf im Shop' },
        title: { de: 'Einkauf', en: 'Einkauf' },
        userId: 'amy',
        globalEventDateKey: '2026-01-15',
      },
    ]);
  });

  it('hides 0-point entries unless showAll=true, and sorts by timestamp (desc by default)', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 }, limit: 1 });
    await t.createUser('ben');
    await sendEvent(t, 'ben', { eventId: 'buy', timestamp: NOW - 3_600_000 });
    await sendEvent(t, 'ben', { eventId: 'buy', timestamp: NOW - 1_800_000 }); // over the limit: 0 points
    await t.admin('POST', '/admin/user/ben/points', { points: 7, reason: 'bonus' });
    const shown = (await history(t, 'ben')).json();
    expect(shown.map((e: { type: string; points: number }) => [e.type, e.points])).toEqual([
      ['ADJUSTMENT', 7],
      ['EVENT', 5],
    ]);
    const all = (await history(t, 'ben', '?showAll=true&sort=asc')).json();
    expect(all.map((e: { timestamp: number; points: number }) => e.points)).toEqual([5, 0, 7]);
    expect(all[0].timestamp).toBe(NOW - 3_600_000);
    expect(all[1].id).toBe(`EVENT#buy#${NOW - 1_800_000}`);
  });

  it('pages with limit and the x-next-cursor header without gaps or repeats', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'tick', reward: { default: 1 } });
    await t.createUser('cy');
    for (let i = 0; i < 7; i++) await sendEvent(t, 'cy', { eventId: 'tick', timestamp: NOW - i * 1000 });
    const seen: number[] = [];
    let query = '?limit=3';
    for (let page = 0; page < 5; page++) {
      const res = await history(t, 'cy', query);
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().map((e: { timestamp: number }) => e.timestamp));
      const cursor = res.headers['x-next-cursor'];
      if (typeof cursor !== 'string') break;
      query = `?limit=3&cursor=${encodeURIComponent(cursor)}`;
    }
    expect(seen).toEqual(Array.from({ length: 7 }, (_, i) => NOW - i * 1000));
  });

  it('gives two entries of one event at the same millisecond different ids, stable across sorts, filters and pages', async () => {
    await t.setClock(NOW);
    await defineEvent(t, {
      eventId: 'scan',
      reward: { default: 2 },
      conditions: { type: 'AND', conditions: [{ field: 'amount', operator: 'greater_than', value: 1 }] },
    });
    await t.createUser('dee');
    const at = NOW - 60_000;
    await sendEvent(t, 'dee', { eventId: 'scan', timestamp: at - 1, metadata: { amount: 5 } });
    // 0: the condition fails, 0 points
    for (const amount of [5, 0, 5]) await sendEvent(t, 'dee', { eventId: 'scan', timestamp: at, metadata: { amount } });
    const asc = (await history(t, 'dee', '?showAll=true&sort=asc')).json();
    const ids = asc.map((e: { id: string }) => e.id);
    // The first entry of a (source, millisecond) keeps the plain shape; the next ones add their position.
    expect(ids).toEqual([`EVENT#scan#${at - 1}`, `EVENT#scan#${at}`, `EVENT#scan#${at}#2`, `EVENT#scan#${at}#3`]);
    const desc = (await history(t, 'dee', '?showAll=true')).json();
    expect(desc.map((e: { id: string }) => e.id)).toEqual([...ids].reverse());
    // Without the 0-point entry, the others keep their ids.
    expect((await history(t, 'dee', '?sort=asc')).json().map((e: { id: string }) => e.id)).toEqual([ids[0], ids[1], ids[3]]);
    const paged: string[] = [];
    let query = '?showAll=true&sort=asc&limit=1';
    for (let page = 0; page < 4; page++) {
      const res = await history(t, 'dee', query);
      paged.push(...res.json().map((e: { id: string }) => e.id));
      query = `?showAll=true&sort=asc&limit=1&cursor=${res.headers['x-next-cursor']}`;
    }
    expect(paged).toEqual(ids);
  });

  it('refuses a bad limit, sort or cursor with 400', async () => {
    await t.createUser('dee');
    expect((await history(t, 'dee', '?limit=1001')).statusCode).toBe(400);
    expect((await history(t, 'dee', '?limit=0')).statusCode).toBe(400);
    expect((await history(t, 'dee', '?sort=sideways')).statusCode).toBe(400);
    const bad = await history(t, 'dee', '?cursor=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, code: 'INVALID_CURSOR' });
  });

  it("refuses another user's history with 403", async () => {
    await t.createUser('eve');
    const res = await t.inject({ method: 'GET', url: '/user/eve/history', headers: await t.auth('mallory') });
    expect(res.statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/user/eve/history' })).statusCode).toBe(401);
  });
});
