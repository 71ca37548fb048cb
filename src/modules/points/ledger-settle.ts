import { dateKey } from '../../platform/time.js';
import { POINTS } from '../currencies/index.js';
import { historyText } from './ledger.js';
import type { PendingCredit } from './ledger-pending.js';
import type { Purse } from './ledger-types.js';
import type { Balance, BatchEntry, DebitMode } from './ledger-types.js';
import { expiredPoints, type ExpiryPolicy } from './lots.js';

/**
 * What the ledger records for a user when a batch loads it (ledger-batch.ts): the points whose last
 * day has passed (one EXPIRY entry, cut to the balance), the same per other currency, then each
 * pending credit that became available (decision 148). A generator: each entry is worked out after
 * the one before was recorded, so every one sees the balance as it then is.
 */
export function* settlements(
  b: Balance,
  policy: ExpiryPolicy | null,
  pending: Iterable<PendingCredit>,
  now: number,
): Generator<{ entry: BatchEntry; mode?: DebitMode }> {
  const expired = expiredPoints(b.lots, policy, now);
  if (expired > 0) {
    yield {
      entry: {
        projectId: b.projectId,
        userId: b.userId,
        type: 'EXPIRY',
        sourceId: dateKey(now),
        points: -expired,
        occurredAt: now,
        title: { de: 'Punkte verfallen', en: 'Points expired' },
        description: historyText(`${expired} points reached the end of their last day`),
        boardGroups: [],
      },
      mode: 'clamp',
    };
  }
  if (b.purses) for (const purse of b.purses.values()) yield* purseExpiry(b, purse, now);
  for (const p of pending) {
    if (p.projectId !== b.projectId || p.userId !== b.userId || p.state !== 'pending' || p.availableAt > now) continue;
    p.state = 'released';
    yield {
      entry: {
        projectId: p.projectId,
        userId: p.userId,
        type: p.type as BatchEntry['type'],
        sourceId: p.sourceId,
        ...(p.currency === POINTS ? {} : { currency: p.currency }),
        points: p.points,
        occurredAt: p.availableAt,
        title: { de: '', en: '' },
        description: { de: '', en: '' },
        boardGroups: p.boardGroups,
        board: { points: p.points, occurredAt: p.availableAt },
        release: p,
      },
    };
  }
}

/** A purse's lots whose last day has passed expire: one EXPIRY entry in its currency. */
function* purseExpiry(b: Balance, purse: Purse, now: number): Generator<{ entry: BatchEntry; mode?: DebitMode }> {
  const expired = expiredPoints(purse.lots, purse.def.expiry, now);
  if (expired <= 0) return;
  yield {
    entry: {
      projectId: b.projectId,
      userId: b.userId,
      type: 'EXPIRY',
      sourceId: dateKey(now),
      currency: purse.def.currencyId,
      points: -expired,
      occurredAt: now,
      title: { de: 'Guthaben verfallen', en: `${purse.def.currencyId} expired` },
      description: historyText(`${expired} ${purse.def.currencyId} reached the end of their last day`),
      boardGroups: [],
    },
    mode: 'clamp',
  };
}
