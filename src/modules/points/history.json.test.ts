import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineEvent, history, NOW, sendEvent } from '../events/events.test-factory.js';

/** The history page is written as JSON text (decision 340): it must be the JSON the schema describes, whatever the texts hold. */
describeSharedApp('reward history as JSON text', (t) => {
  it('writes texts with quotes, backslashes, line breaks and other scripts as valid JSON, with a JSON content type', async () => {
    await t.setClock(NOW);
    const text = 'Kauf "groß" \\ ok, line\nbreak\ttab \u2028 😀 <script>';
    await defineEvent(t, { eventId: 'odd_id', title: text, description: 'say "hi"', reward: { default: 3 } });
    await t.createUser('zoe');
    const sent = (await sendEvent(t, 'zoe', { eventId: 'odd_id' })).json().data;
    const res = await history(t, 'zoe');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(res.body)).toEqual([
      {
        id: `EVENT#odd_id#${sent.timestamp}`,
        timestamp: sent.timestamp,
        type: 'EVENT',
        points: 3,
        image: null,
        description: { de: 'say "hi"', en: 'say "hi"' },
        title: { de: text, en: text },
        userId: 'zoe',
        globalEventDateKey: '2026-01-15',
      },
    ]);
  });

  it('writes a stored text of another shape as { de, en }', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'purchase', title: 'Einkauf', reward: { default: 10 } });
    await t.createUser('amy');
    await sendEvent(t, 'amy', { eventId: 'purchase' });
    // A row written by an older release, or by hand: other keys, another order, a number.
    await t.app.platform.db.kysely
      .updateTable('ledger')
      .set({ title: '{"en":"Purchase","fr":"Achat","de":"Kauf"}', description: '{"de":7}' })
      .where('project_id', '=', t.projectId)
      .where('user_id', '=', 'amy')
      .execute();
    const [entry] = (await history(t, 'amy')).json();
    expect(entry.title).toEqual({ de: 'Kauf', en: 'Purchase' });
    expect(entry.description).toEqual({ de: '7', en: '' });
  });
});
