import type { App } from '../../src/http/app-type.js';
import { dateKey } from '../../src/platform/time.js';

/** Writes `count` EVENT history rows of `points` each for a user straight into the ledger, balance included. */
export async function seedLedger(app: App, userId: string, count: number, points = 1, projectId = 'default'): Promise<void> {
  const db = app.platform.db.kysely;
  const base = Date.UTC(2026, 0, 1);
  for (let from = 0; from < count; from += 200) {
    const rows = Array.from({ length: Math.min(200, count - from) }, (_, i) => {
      const at = base + (from + i) * 60_000;
      return {
        project_id: projectId,
        user_id: userId,
        type: 'EVENT',
        source_id: 'purchase',
        points,
        occurred_at: at,
        date_key: dateKey(at),
        title: JSON.stringify({ de: 'Kauf', en: 'Purchase' }),
        description: JSON.stringify({ de: '', en: '' }),
        image: null,
        metadata: null,
        created_at: at,
      };
    });
    await db.insertInto('ledger').values(rows).execute();
  }
  await db
    .updateTable('users')
    .set((eb) => ({ points: eb('points', '+', count * points) }))
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .execute();
}
