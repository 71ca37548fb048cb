import type { StoredEvent } from '../events/index.js';
import { historyText, ledgerIn } from '../points/index.js';
import { defineParticipant } from '../../write-path/participant.js';
import type { BatchPart, WriteBatch, WriteUnit } from '../../write-path/write-batch.js';
import { campaignMatches, decidePayouts, inWindow, onItsDays, wantedFor, type Campaign } from './campaign-rules.js';
import { backfillPaid, campaignEntriesAt, insertBackfillPaid } from './campaign-backfill.sql.js';
import { addCampaignSpend, campaignUserSpend, lockCampaignSpend, setCampaignSpend, writeCampaignUserSpend } from './campaigns.sql.js';

/** One stored event a campaign's backfill offers to pay (decision 322). */
export interface CampaignBackfillUnit extends WriteUnit {
  kind: 'campaign-backfill';
  /** The campaign as the job read it for this step (its budgets are read here, under lock). */
  campaign: Campaign;
  event: StoredEvent;
}

declare module '../../write-path/write-batch.js' {
  interface WriteKinds {
    'campaign-backfill': { unit: CampaignBackfillUnit; result: { points: number } };
  }
}

interface UserSpend {
  row: { project_id: string; campaign_id: string; user_id: string };
  spent: number;
  stored: boolean;
  changed: boolean;
}

const key = (...parts: Array<string | number>) => parts.join('\u0000');

/**
 * The backfill's part of the write path (decision 322). The ledger has locked the units' users
 * before `load`, so two batches offering the same event (a retry, an overlapping second backfill, on
 * any instance) cannot both miss its `campaign_backfill_paid` row; a budgeted campaign's spend row is
 * locked after the users, as at event time (decision 317). An event is paid when no backfill paid it,
 * the campaign did not pay it when it happened (a CAMPAIGN entry of the campaign for the event at its
 * time), it matches and is in the window, and the budgets leave something: a CAMPAIGN entry through
 * the ledger, at the event's time, and its row. The campaign is paid alone (no stacking with others).
 */
export const campaignBackfillParticipant = defineParticipant<CampaignBackfillBatch>({
  name: 'campaign-backfill',
  kind: 'campaign-backfill',
  after: ['ledger'],
  provides: ['notices'],
  begin: (batch) => new CampaignBackfillBatch(batch),
});

class CampaignBackfillBatch implements BatchPart<'campaign-backfill'> {
  private readonly paid = new Set<string>();
  /** project, user, time → the campaign/event pairs paid then (CAMPAIGN entries). */
  private readonly entries = new Set<string>();
  private readonly spends = new Map<
    string,
    { project_id: string; campaign_id: string; spent: number; locked: boolean; changed: boolean }
  >();
  private readonly userSpends = new Map<string, UserSpend>();
  private readonly rows: Array<{ project_id: string; campaign_id: string; event_row: number; points: number; paid_at: number }> = [];

  constructor(private readonly batch: WriteBatch) {}

  async load(): Promise<void> {
    const units = this.batch.unitsOf('campaign-backfill');
    if (units.length === 0) return;
    const budgeted = new Map<string, { project_id: string; campaign_id: string }>();
    const perUser = new Map<string, { project_id: string; campaign_id: string; user_id: string }>();
    for (const u of units) {
      const c = u.campaign;
      if (c.budgetTotal !== null) budgeted.set(key(u.projectId, c.campaignId), { project_id: u.projectId, campaign_id: c.campaignId });
      if (c.budgetPerUser !== null)
        perUser.set(key(u.projectId, c.campaignId, u.userId), { project_id: u.projectId, campaign_id: c.campaignId, user_id: u.userId });
    }
    const [paid, entries, spent, userSpent] = await Promise.all([
      backfillPaid.run(
        this.batch.session,
        units.map((u) => ({ project_id: u.projectId, campaign_id: u.campaign.campaignId, event_row: u.event.row })),
      ),
      campaignEntriesAt.run(
        this.batch.session,
        units.map((u) => ({ project_id: u.projectId, user_id: u.userId, occurred_at: u.event.occurredAt })),
      ),
      lockCampaignSpend.run(
        this.batch.session,
        [...budgeted.values()].sort((a, b) => (key(a.project_id, a.campaign_id) < key(b.project_id, b.campaign_id) ? -1 : 1)),
      ),
      campaignUserSpend.run(this.batch.session, [...perUser.values()]),
    ]);
    for (const r of paid) this.paid.add(key(r.project_id, r.campaign_id, Number(r.event_row)));
    for (const r of entries) {
      const eventId = r.metadata === null ? null : ((JSON.parse(r.metadata) as { eventId?: string }).eventId ?? null);
      // An entry of several campaigns names them all, joined by `+` (decision 328; ids hold no `+`).
      for (const campaignId of r.source_id.split('+'))
        this.entries.add(key(r.project_id, r.user_id, Number(r.occurred_at), campaignId, eventId ?? ''));
    }
    for (const r of spent) {
      this.spends.set(key(r.project_id, r.campaign_id), {
        project_id: r.project_id,
        campaign_id: r.campaign_id,
        spent: Number(r.spent),
        locked: true,
        changed: false,
      });
    }
    for (const r of userSpent) {
      const row = { project_id: r.project_id, campaign_id: r.campaign_id, user_id: r.user_id };
      this.userSpends.set(key(r.project_id, r.campaign_id, r.user_id), { row, spent: Number(r.spent), stored: true, changed: false });
    }
  }

  apply(u: CampaignBackfillUnit): { points: number } {
    const c = u.campaign;
    const e = u.event;
    const paidKey = key(u.projectId, c.campaignId, e.row);
    if (this.paid.has(paidKey) || this.entries.has(key(u.projectId, u.userId, e.occurredAt, c.campaignId, e.eventId))) return { points: 0 };
    if (!inWindow(c, e.occurredAt) || !campaignMatches(c, e.eventId, e.metadata)) return { points: 0 };
    const ledger = ledgerIn(this.batch);
    if (!onItsDays(c, e.occurredAt, ledger.timeZone(u.projectId, u.userId))) return { points: 0 };
    // An INACTIVE or deleted currency pays nothing (decision 302); the stored event keeps only its points.
    if (c.currency !== 'points' && ledger.catalogOf(u.projectId).get(c.currency)?.active !== true) return { points: 0 };
    const base = c.currency === 'points' ? e.points : 0;
    const spend = this.spendOf(u);
    const user = c.budgetPerUser === null ? null : this.userSpendOf(u);
    let left = Infinity;
    if (c.budgetTotal !== null) left = spend.locked ? c.budgetTotal - spend.spent : 0;
    if (c.budgetPerUser !== null) left = Math.min(left, c.budgetPerUser - user!.spent);
    const { paid } = decidePayouts([
      { campaign: c, wanted: wantedFor(c, base), left: Math.max(0, left), inWindow: true, inAudience: true },
    ]);
    const points = paid[0]?.points ?? 0;
    if (points <= 0) return { points: 0 };
    const credited = ledger.record({
      projectId: u.projectId,
      userId: u.userId,
      type: 'CAMPAIGN',
      sourceId: c.campaignId,
      ...(c.currency === 'points' ? {} : { currency: c.currency }),
      points,
      occurredAt: e.occurredAt,
      title: historyText(c.title),
      description: historyText(`${c.title} (${e.eventId})`),
      metadata: { eventId: e.eventId, campaigns: [{ campaignId: c.campaignId, points }], backfill: true },
      boardGroups: e.userGroups,
    }).points;
    this.paid.add(paidKey);
    this.rows.push({ project_id: u.projectId, campaign_id: c.campaignId, event_row: e.row, points: credited, paid_at: this.batch.now });
    spend.spent += credited;
    spend.changed = true;
    if (user) {
      user.spent += credited;
      user.changed = true;
    }
    if (c.budgetTotal !== null && spend.spent >= c.budgetTotal) {
      this.batch.notify({
        type: 'campaign.budget_spent',
        projectId: u.projectId,
        userId: u.userId,
        occurredAt: e.occurredAt,
        data: { userId: u.userId, campaignId: c.campaignId, spent: spend.spent, budget: c.budgetTotal, currency: c.currency },
      });
    }
    return { points: credited };
  }

  /** The campaign's spend in the batch: locked (budgeted, read under lock) or what the batch adds (no total budget). */
  private spendOf(u: CampaignBackfillUnit) {
    const k = key(u.projectId, u.campaign.campaignId);
    let s = this.spends.get(k);
    if (!s)
      this.spends.set(k, (s = { project_id: u.projectId, campaign_id: u.campaign.campaignId, spent: 0, locked: false, changed: false }));
    return s;
  }

  /** What a campaign with a per-user budget has paid the unit's user (read in load, under the user's lock). */
  private userSpendOf(u: CampaignBackfillUnit): UserSpend {
    const k = key(u.projectId, u.campaign.campaignId, u.userId);
    let s = this.userSpends.get(k);
    if (!s) {
      const row = { project_id: u.projectId, campaign_id: u.campaign.campaignId, user_id: u.userId };
      this.userSpends.set(k, (s = { row, spent: 0, stored: false, changed: false }));
    }
    return s;
  }

  async write(): Promise<void> {
    if (this.rows.length === 0) return;
    const spends = [...this.spends.values()].sort((a, b) => (key(a.project_id, a.campaign_id) < key(b.project_id, b.campaign_id) ? -1 : 1));
    await Promise.all([
      insertBackfillPaid.run(this.batch.session, this.rows),
      setCampaignSpend.run(
        this.batch.session,
        spends.filter((s) => s.locked && s.changed).map(({ project_id, campaign_id, spent }) => ({ project_id, campaign_id, spent })),
      ),
      addCampaignSpend.run(
        this.batch.session,
        spends.filter((s) => !s.locked && s.changed).map(({ project_id, campaign_id, spent }) => ({ project_id, campaign_id, spent })),
      ),
      writeCampaignUserSpend.run(
        this.batch.session,
        [...this.userSpends.values()].filter((s) => s.changed).map((s) => ({ row: { ...s.row, spent: s.spent }, exists: s.stored })),
      ),
    ]);
  }
}
