import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, history } from '../events/events.test-factory.js';

const NOW = Date.UTC(2026, 2, 12, 12);

describeSharedApp('bulk adjustments', (t) => {
  it('a dry run says what each row would do, in order, and changes nothing', async () => {
    await t.setClock(NOW);
    await t.createUser('alice');
    await t.admin('POST', '/admin/user/alice/points', { points: 1109, reason: 'start' });
    const res = await t.admin('POST', '/admin/adjustments/bulk', {
      dryRun: true,
      rows: [
        { userId: 'alice', points: -999999, reason: 'wipe' },
        { userId: 'alice', points: 10, reason: 'goodwill' },
        { userId: 'ghost', points: 5, reason: 'x' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      dryRun: true,
      applied: 0,
      failed: 1,
      rows: [
        {
          row: 0,
          userId: 'alice',
          outcome: 'WOULD_APPLY',
          points: -1109,
          balanceBefore: 1109,
          balanceAfter: 0,
          adjustmentId: null,
          code: null,
          message: null,
        },
        {
          row: 1,
          userId: 'alice',
          outcome: 'WOULD_APPLY',
          points: 10,
          balanceBefore: 0,
          balanceAfter: 10,
          adjustmentId: null,
          code: null,
          message: null,
        },
        {
          row: 2,
          userId: 'ghost',
          outcome: 'FAILED',
          points: 0,
          balanceBefore: null,
          balanceAfter: null,
          adjustmentId: null,
          code: 'USER_NOT_FOUND',
          message: 'User ghost not found',
        },
      ],
    });
    expect(await balance(t, 'alice')).toBe(1109);
    expect((await history(t, 'alice', '?showAll=true')).json()).toHaveLength(1);
  });

  it(
    'applies the rows of existing users in one batch, each an ADJUSTMENT with its reason; a row of an unknown user ' + 'fails alone',
    async () => {
      await t.setClock(NOW);
      await t.createUser('alice');
      await t.createUser('bob');
      const res = await t.admin('POST', '/admin/adjustments/bulk', {
        rows: [
          { userId: 'alice', points: 50, reason: 'march promo' },
          { userId: 'ghost', points: 5, reason: 'x' },
          { userId: 'bob', points: -5, reason: 'typo' },
          { userId: 'alice', points: -20, reason: 'correction' },
        ],
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ dryRun: false, applied: 3, failed: 1 });
      expect(
        body.rows.map((r: { outcome: string; points: number; balanceAfter: number | null }) => [r.outcome, r.points, r.balanceAfter]),
      ).toEqual([
        ['APPLIED', 50, 50],
        ['FAILED', 0, null],
        ['APPLIED', 0, 0],
        ['APPLIED', -20, 30],
      ]);
      expect(body.rows[0].adjustmentId).toMatch(/^adj/);
      expect(await balance(t, 'alice')).toBe(30);
      expect(await t.app.services.points.ledgerSum(t.projectId, 'alice')).toBe(30);
      const entries = (await history(t, 'alice', '?showAll=true')).json() as Array<{
        type: string;
        points: number;
        description: { en: string };
      }>;
      expect(entries.map((e) => [e.type, e.points, e.description.en]).sort()).toEqual([
        ['ADJUSTMENT', -20, 'correction'],
        ['ADJUSTMENT', 50, 'march promo'],
      ]);
    },
  );
});
