import { ledgerIn } from '../points/index.js';
import { defineParticipant } from '../../write-path/participant.js';
import type { BatchPart, WriteBatch, WriteUnit } from '../../write-path/write-batch.js';
import './seasons.tables.js';
import { insertPayouts, paidPayouts } from './seasons.sql.js';

/** One band prize of a closed board for one user. */
export interface SeasonPayoutUnit extends WriteUnit {
  kind: 'season-payout';
  month: string;
  groupId: string;
  seasonRewardId: string;
  rank: number;
  points: number;
}

declare module '../../write-path/write-batch.js' {
  interface WriteKinds {
    'season-payout': { unit: SeasonPayoutUnit; result: { paid: boolean } };
  }
}
const keyOf = (r: { project_id: string; month: string; group_id: string; season_reward_id: string; user_id: string }) =>
  [r.project_id, r.month, r.group_id, r.season_reward_id, r.user_id].join('\u0000');

function rowOf(u: SeasonPayoutUnit) {
  return { project_id: u.projectId, month: u.month, group_id: u.groupId, season_reward_id: u.seasonRewardId, user_id: u.userId };
}

/**
 * The season payouts' part of the write path (decision 162): a payout row and its SEASON ledger
 * entry are written in one transaction, and a payout whose row exists is skipped, so each band
 * prize is paid exactly once however often the close runs. The ledger has locked the user's row
 * before `load` reads the payouts, so two batches paying the same user cannot both miss the row.
 */
export const seasonPayoutsParticipant = defineParticipant<SeasonPayoutsBatch>({
  name: 'season-payouts',
  kind: 'season-payout',
  after: ['ledger'],
  begin: (batch) => new SeasonPayoutsBatch(batch),
});

class SeasonPayoutsBatch implements BatchPart<'season-payout'> {
  private readonly paid = new Set<string>();
  private readonly rows: Array<ReturnType<typeof rowOf> & { rank: number; points: number; paid_at: number }> = [];

  constructor(private readonly batch: WriteBatch) {}

  async load(): Promise<void> {
    const units = this.batch.unitsOf('season-payout');
    for (const r of await paidPayouts.run(this.batch.session, units.map(rowOf))) this.paid.add(keyOf(r));
  }

  apply(u: SeasonPayoutUnit): { paid: boolean } {
    const key = keyOf(rowOf(u));
    if (this.paid.has(key)) return { paid: false };
    ledgerIn(this.batch).record({
      projectId: u.projectId,
      userId: u.userId,
      type: 'SEASON',
      sourceId: u.seasonRewardId,
      points: u.points,
      occurredAt: this.batch.now,
      title: { de: `Saisonpreis ${u.month}`, en: `Season prize ${u.month}` },
      description: { de: `Platz ${u.rank} in ${u.groupId}`, en: `Rank ${u.rank} in ${u.groupId}` },
      metadata: { month: u.month, groupId: u.groupId, rank: u.rank, seasonRewardId: u.seasonRewardId },
      boardGroups: [],
    });
    this.paid.add(key);
    this.rows.push({ ...rowOf(u), rank: u.rank, points: u.points, paid_at: this.batch.now });
    return { paid: true };
  }

  async write(): Promise<void> {
    await insertPayouts.run(this.batch.session, this.rows);
  }
}
