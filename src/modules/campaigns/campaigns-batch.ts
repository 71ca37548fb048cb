import type { EventStagePart, PipelineEvent, PipelineOutcome } from '../events/index.js';
import { historyText, ledgerIn, type HistoryText } from '../points/index.js';
import type { WriteBatch } from '../../write-path/write-batch.js';
import {
  campaignMatches,
  decidePayouts,
  inWindow,
  onItsDays,
  wantedFor,
  type Campaign,
  type CampaignCandidate,
  type CampaignPayout,
} from './campaign-rules.js';
import { addCampaignSpend, campaignUserSpend, lockCampaignSpend, setCampaignSpend, writeCampaignUserSpend } from './campaigns.sql.js';

/** Where the part reads a project's ACTIVE campaigns, highest priority first (the service's cache). */
export type CampaignDefinitions = (batch: WriteBatch, projectId: string) => Promise<readonly Campaign[]>;

/** Segment membership at event time (the segments module's BatchAudience; decision 320). */
export interface CampaignAudience {
  /** Reads what the segments' rules name for the users, once per batch. */
  load(projectId: string, segmentIds: readonly string[], userIds: readonly string[], earliest: number): Promise<void>;
  /** Whether the event's user was in the segment just before the event. */
  isMember(event: PipelineEvent, segmentId: string): boolean;
  /** Counts the event for the user's later events of the batch. */
  seen(event: PipelineEvent): void;
}

interface Spend {
  row: { project_id: string; campaign_id: string };
  spent: number;
  changed: boolean;
}

interface UserSpend {
  row: { project_id: string; campaign_id: string; user_id: string };
  spent: number;
  stored: boolean;
  changed: boolean;
}

/** Map keys of a campaign's spend and of a campaign's spend for one user (built per event: no rest array, no join). */
const key = (projectId: string, campaignId: string): string => `${projectId}\u0000${campaignId}`;
const userKey = (projectId: string, campaignId: string, userId: string): string => `${projectId}\u0000${campaignId}\u0000${userId}`;

/** The title and description of a CAMPAIGN entry: the same objects for every event they describe (their JSON is kept per object). */
interface EntryTexts {
  title: HistoryText;
  description: HistoryText;
}

/** By event id and the paying campaigns (ids and titles, so a renamed campaign gets new texts); bounded. */
const entryTexts = new Map<string, EntryTexts>();
const MAX_ENTRY_TEXTS = 1_000;

/** "Double points" or "Double points + Gold bonus" (in the order paid), and the same with the event id. */
function textsOf(payouts: readonly CampaignPayout[], eventId: string): EntryTexts {
  let k = eventId;
  for (const { campaign: c } of payouts) k += `\u0000${c.campaignId}\u0000${c.title}`;
  let texts = entryTexts.get(k);
  if (!texts) {
    const title = payouts.map((x) => x.campaign.title).join(' + ');
    texts = { title: historyText(title), description: historyText(`${title} (${eventId})`) };
    if (entryTexts.size >= MAX_ENTRY_TEXTS) entryTexts.clear();
    entryTexts.set(k, texts);
  }
  return texts;
}

/** The campaigns paid, in the order paid, grouped by currency (most events: one group). */
function byCurrency(paid: readonly CampaignPayout[]): CampaignPayout[][] {
  if (paid.length <= 1 || paid.every((x) => x.campaign.currency === paid[0]!.campaign.currency)) return [paid as CampaignPayout[]];
  const groups = new Map<string, CampaignPayout[]>();
  for (const x of paid) {
    const g = groups.get(x.campaign.currency);
    if (g) g.push(x);
    else groups.set(x.campaign.currency, [x]);
  }
  return [...groups.values()];
}

/**
 * The campaigns' stage of POST /event (decision 316). `load` reads the campaigns of the batch's
 * projects from the cache (a project without campaigns costs nothing more), locks the spend rows of
 * the budgeted campaigns the batch's events may reach and reads what per-user budgets have paid
 * the batch's users; each event is decided in memory (campaign-rules.ts) and paid through the
 * ledger, one CAMPAIGN entry per event and currency (decision 328); spends are written once.
 */
export class CampaignsBatch implements EventStagePart {
  private readonly lists = new Map<string, readonly Campaign[]>();
  private readonly spends = new Map<string, Spend>();
  private readonly userSpends = new Map<string, UserSpend>();
  /** What campaigns without a total budget paid in the batch (added to their spend, unlocked). */
  private readonly added = new Map<string, { project_id: string; campaign_id: string; spent: number }>();
  /** Made only when a project of the batch has an ACTIVE campaign with a segment. */
  private audience: CampaignAudience | null = null;

  constructor(
    private readonly batch: WriteBatch,
    private readonly definitions: CampaignDefinitions,
    private readonly audienceOf: () => CampaignAudience,
  ) {}

  async load(): Promise<void> {
    const events = this.batch.unitsOf('event');
    if (events.length === 0) return;
    for (const { event: e } of events) {
      if (!this.lists.has(e.projectId)) this.lists.set(e.projectId, await this.definitions(this.batch, e.projectId));
    }
    await this.loadAudiences(events.map((u) => u.event));
    for (const { event: e } of events) {
      for (const c of this.lists.get(e.projectId)!) {
        if (!inWindow(c, e.occurredAt) || !campaignMatches(c, e.definition.eventId, e.metadata)) continue;
        if (c.budgetTotal !== null) {
          const k = key(e.projectId, c.campaignId);
          if (!this.spends.has(k))
            this.spends.set(k, { row: { project_id: e.projectId, campaign_id: c.campaignId }, spent: 0, changed: false });
        }
        if (c.budgetPerUser !== null) {
          const k = userKey(e.projectId, c.campaignId, e.userId);
          if (!this.userSpends.has(k)) {
            const row = { project_id: e.projectId, campaign_id: c.campaignId, user_id: e.userId };
            this.userSpends.set(k, { row, spent: 0, stored: false, changed: false });
          }
        }
      }
    }
    if (this.spends.size === 0 && this.userSpends.size === 0) return;
    const asked = [...this.spends.values()];
    // A spend row that is not there (the campaign was deleted meanwhile) leaves the campaign unpaid.
    this.spends.clear();
    const [spent, perUser] = await Promise.all([
      lockCampaignSpend.run(
        this.batch.session,
        asked.map((s) => s.row),
      ),
      campaignUserSpend.run(
        this.batch.session,
        [...this.userSpends.values()].map((s) => s.row),
      ),
    ]);
    for (const r of spent) {
      this.spends.set(key(r.project_id, r.campaign_id), {
        row: { project_id: r.project_id, campaign_id: r.campaign_id },
        spent: Number(r.spent),
        changed: false,
      });
    }
    for (const r of perUser) {
      const s = this.userSpends.get(userKey(r.project_id, r.campaign_id, r.user_id))!;
      s.spent = Number(r.spent);
      s.stored = true;
    }
  }

  /** For each project whose ACTIVE campaigns name segments: what those segments read of its users (one load per project). */
  private async loadAudiences(events: ReadonlyArray<{ projectId: string; userId: string; occurredAt: number }>): Promise<void> {
    for (const [projectId, list] of this.lists) {
      const segmentIds = [...new Set(list.flatMap((c) => (c.segmentId === null ? [] : [c.segmentId])))];
      if (segmentIds.length === 0) continue;
      const mine = events.filter((e) => e.projectId === projectId);
      this.audience ??= this.audienceOf();
      const earliest = Math.min(...mine.map((e) => e.occurredAt));
      await this.audience.load(projectId, segmentIds, [...new Set(mine.map((e) => e.userId))], earliest);
    }
  }

  applyEvent(event: PipelineEvent, outcome: PipelineOutcome): void {
    this.decide(event, outcome);
    // Every event counts for the user's later events of the batch, as it would stored (segments read before the event).
    this.audience?.seen(event);
  }

  private decide(event: PipelineEvent, outcome: PipelineOutcome): void {
    const list = this.lists.get(event.projectId);
    if (!list || list.length === 0 || !event.qualifies) return;
    const ledger = ledgerIn(this.batch);
    const catalog = ledger.catalogOf(event.projectId);
    const candidates: CampaignCandidate[] = [];
    for (const c of list) {
      if (!campaignMatches(c, event.eventId, event.metadata)) continue;
      // An INACTIVE or deleted currency pays nothing (decision 302).
      if (c.currency !== 'points' && catalog.get(c.currency)?.active !== true) continue;
      const base = c.currency === 'points' ? event.points : (event.rewards.find((r) => r.currency === c.currency)?.points ?? 0);
      // Its dates, and its days of the week in the user's calendar (decision 327).
      const within =
        inWindow(c, event.occurredAt) &&
        (c.days === null || onItsDays(c, event.occurredAt, ledger.timeZone(event.projectId, event.userId)));
      const wanted = wantedFor(c, base);
      // Membership is decided only where it matters: in the window, for a campaign that would pay.
      const inAudience = c.segmentId === null || !within || wanted <= 0 || this.audience?.isMember(event, c.segmentId) === true;
      candidates.push({ campaign: c, wanted, left: within ? this.left(c, event) : 0, inWindow: within, inAudience });
    }
    if (candidates.length === 0) return;
    const { paid, missed } = decidePayouts(candidates);
    // One CAMPAIGN entry per event and currency, naming what each campaign added (decision 328).
    for (const group of paid.length === 0 ? [] : byCurrency(paid)) {
      const currency = group[0]!.campaign.currency;
      const texts = textsOf(group, event.eventId);
      let total = 0;
      for (const x of group) total += x.points;
      ledger.record({
        projectId: event.projectId,
        userId: event.userId,
        type: 'CAMPAIGN',
        sourceId: group.length === 1 ? group[0]!.campaign.campaignId : group.map((x) => x.campaign.campaignId).join('+'),
        ...(currency === 'points' ? {} : { currency }),
        points: total,
        occurredAt: event.occurredAt,
        title: texts.title,
        description: texts.description,
        metadata: { eventId: event.eventId, campaigns: group.map((x) => ({ campaignId: x.campaign.campaignId, points: x.points })) },
        boardGroups: event.userGroups,
      });
      // A credit is applied whole (a balance out of range throws before anything changes).
      for (const { campaign: c, points } of group) {
        this.spend(c, event, points);
        if (currency === 'points') outcome.pointsEarned += points;
        outcome.campaigns.push({ campaignId: c.campaignId, points, currency });
      }
    }
    for (const m of missed) outcome.campaignMisses.push({ campaignId: m.campaign.campaignId, reason: m.miss });
  }

  /** What the campaign's budgets leave for the event's user (Infinity: no budget; 0 for a total whose row is gone). */
  private left(c: Campaign, event: PipelineEvent): number {
    let left = Infinity;
    if (c.budgetTotal !== null) {
      const s = this.spends.get(key(event.projectId, c.campaignId));
      left = s ? c.budgetTotal - s.spent : 0;
    }
    if (c.budgetPerUser !== null) {
      const u = this.userSpends.get(userKey(event.projectId, c.campaignId, event.userId));
      left = Math.min(left, c.budgetPerUser - (u?.spent ?? 0));
    }
    return Math.max(0, left);
  }

  private spend(c: Campaign, event: PipelineEvent, points: number): void {
    if (c.budgetTotal === null) {
      const k = key(event.projectId, c.campaignId);
      const a = this.added.get(k);
      if (a) a.spent += points;
      else this.added.set(k, { project_id: event.projectId, campaign_id: c.campaignId, spent: points });
    } else {
      const s = this.spends.get(key(event.projectId, c.campaignId))!;
      s.spent += points;
      s.changed = true;
      if (s.spent >= c.budgetTotal) {
        this.batch.notify({
          type: 'campaign.budget_spent',
          projectId: event.projectId,
          userId: event.userId,
          occurredAt: event.occurredAt,
          data: { userId: event.userId, campaignId: c.campaignId, spent: s.spent, budget: c.budgetTotal, currency: c.currency },
        });
      }
    }
    if (c.budgetPerUser !== null) {
      const u = this.userSpends.get(userKey(event.projectId, c.campaignId, event.userId))!;
      u.spent += points;
      u.changed = true;
    }
  }

  async write(): Promise<void> {
    await Promise.all([
      setCampaignSpend.later(
        this.batch.session,
        [...this.spends.values()].filter((s) => s.changed).map((s) => ({ ...s.row, spent: s.spent })),
      ),
      writeCampaignUserSpend.later(
        this.batch.session,
        [...this.userSpends.values()].filter((s) => s.changed).map((s) => ({ row: { ...s.row, spent: s.spent }, exists: s.stored })),
      ),
      // In key order, so two batches adding to the same campaigns take their rows alike.
      addCampaignSpend.later(
        this.batch.session,
        [...this.added.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row),
      ),
    ]);
  }
}
