import { AppError } from '../../platform/errors.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import { SettledCache } from '../../platform/shared-cache.js';
import { eventStage } from '../events/index.js';
import type { UserDataOwner } from '../users/index.js';
import type { WriteBatch } from '../../write-path/write-batch.js';
import { byPriority, dayNames, daysMask, exactMultiplier, type Campaign } from './campaign-rules.js';
import { CampaignsBatch, type CampaignAudience } from './campaigns-batch.js';
import { campaignsRepository as repo } from './campaigns.repository.js';
import type { CampaignView, CreateCampaignBody, UpdateCampaignBody } from './campaigns.schemas.js';
import type { CampaignsTable } from './campaigns.tables.js';

const BUS_TOPIC = 'campaigns';

/** What the service needs of other modules. */
export interface CampaignSources {
  /** Throws 400 UNKNOWN_CURRENCY unless the project has the currency. */
  currency(projectId: string, currencyId: string): Promise<void>;
  /** Throws 400 UNKNOWN_SEGMENT unless the project has the segment. */
  segment(projectId: string, segmentId: string): Promise<void>;
  /** Segment membership at event time in a batch (the segments module). */
  audience(batch: WriteBatch): CampaignAudience;
}

interface Effect {
  multiplier?: number;
  bonus?: number;
  currency?: string;
}

function toCampaign(r: CampaignsTable): Campaign {
  const effect = JSON.parse(r.effect) as Effect;
  return {
    campaignId: r.campaign_id,
    title: r.title,
    status: r.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
    startAt: Number(r.start_at),
    endAt: Number(r.end_at),
    days: r.days === null || r.days === undefined ? null : Number(r.days),
    eventIds: r.event_ids === null ? null : (JSON.parse(r.event_ids) as string[]),
    segmentId: r.segment_id,
    conditions: r.conditions === null ? null : (JSON.parse(r.conditions) as Campaign['conditions']),
    multiplier: effect.multiplier ?? 1,
    exactMultiplier: exactMultiplier(effect.multiplier),
    bonus: effect.bonus ?? 0,
    currency: effect.currency ?? 'points',
    budgetTotal: r.budget_total === null ? null : Number(r.budget_total),
    budgetPerUser: r.budget_per_user === null ? null : Number(r.budget_per_user),
    priority: Number(r.priority),
    stacking: r.stacking === 'exclusive' ? 'exclusive' : 'stack',
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

function toView(c: Campaign, spent: number): CampaignView {
  return {
    campaignId: c.campaignId,
    title: c.title,
    status: c.status,
    startAt: c.startAt,
    endAt: c.endAt,
    days: dayNames(c.days),
    eventIds: c.eventIds === null ? null : [...c.eventIds],
    conditions: c.conditions,
    segmentId: c.segmentId,
    effect: { multiplier: c.multiplier, bonus: c.bonus, currency: c.currency },
    budget: { total: c.budgetTotal, perUser: c.budgetPerUser },
    priority: c.priority,
    stacking: c.stacking,
    spent,
    remaining: c.budgetTotal === null ? null : Math.max(0, c.budgetTotal - spent),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/**
 * Campaigns (issue 28, decision 316): time-boxed promotions that add to events' rewards, paid by the
 * POST /event stage (campaigns-batch.ts). Definitions are cached per project (an empty list for a
 * project without any, so its events read nothing more) and dropped on every instance on a change.
 */
export class CampaignsService implements UserDataOwner {
  readonly userDataName = 'campaigns';
  private readonly cache: SettledCache<readonly Campaign[]>;

  /** The POST /event stage: after the event's own entry, before what reads points earned (achievements). */
  readonly stage = eventStage<CampaignsBatch>({
    name: 'campaigns',
    after: ['events'],
    provides: ['notices'],
    begin: (batch) =>
      new CampaignsBatch(
        batch,
        (b, projectId) => this.activeIn(b, projectId),
        () => this.sources.audience(batch),
      ),
  });

  constructor(
    private readonly platform: Platform,
    private readonly sources: CampaignSources,
  ) {
    this.cache = new SettledCache(platform.bus, BUS_TOPIC, platform.config.cacheTtlMs);
  }

  private get db() {
    return this.platform.db.kysely;
  }

  /** The project's ACTIVE campaigns, highest priority first (cached; in a batch, read on its session). */
  private activeIn(batch: WriteBatch, projectId: string): Promise<readonly Campaign[]> {
    return this.cache.rowsOf(
      projectId,
      () => repo.listQuery(this.db, projectId),
      (rows) =>
        rows
          .map(toCampaign)
          .filter((c) => c.status === 'ACTIVE')
          .sort(byPriority),
      (q) => batch.session.execute(q),
    );
  }

  async list(projectId: string): Promise<CampaignView[]> {
    const [rows, spent] = await Promise.all([repo.listQuery(this.db, projectId).execute(), repo.spent(this.db, projectId)]);
    return rows.map((r) => toView(toCampaign(r), spent.get(r.campaign_id) ?? 0));
  }

  async get(projectId: string, campaignId: string): Promise<CampaignView> {
    const [row, spent] = await Promise.all([repo.find(this.db, projectId, campaignId), repo.spent(this.db, projectId, campaignId)]);
    if (!row) throw AppError.of('CAMPAIGN_NOT_FOUND', campaignId);
    return toView(toCampaign(row), spent.get(campaignId) ?? 0);
  }

  async create(projectId: string, body: CreateCampaignBody): Promise<CampaignView> {
    const now = this.platform.clock.now();
    const row: CampaignsTable = {
      project_id: projectId,
      campaign_id: body.campaignId ?? generateId('cmp'),
      ...(await this.fields(projectId, body, now)),
      created_at: now,
    };
    const inserted = await this.db.transaction().execute((trx) => repo.insert(trx, row));
    if (!inserted) throw AppError.of('CAMPAIGN_EXISTS', `campaign ${row.campaign_id} exists`);
    await this.changed(projectId);
    return toView(toCampaign(row), 0);
  }

  async update(projectId: string, campaignId: string, body: UpdateCampaignBody): Promise<CampaignView> {
    if (body.campaignId !== undefined && body.campaignId !== campaignId) {
      throw AppError.of('ID_MISMATCH', 'campaignId in the body differs from the path');
    }
    const existing = await repo.find(this.db, projectId, campaignId);
    if (!existing) throw AppError.of('CAMPAIGN_NOT_FOUND', campaignId);
    const row: CampaignsTable = { ...existing, ...(await this.fields(projectId, body, this.platform.clock.now())) };
    if (!(await repo.update(this.db, row))) throw AppError.of('CAMPAIGN_NOT_FOUND', campaignId);
    await this.changed(projectId);
    return this.get(projectId, campaignId);
  }

  async remove(projectId: string, campaignId: string): Promise<void> {
    const removed = await this.db.transaction().execute((trx) => repo.remove(trx, projectId, campaignId));
    if (!removed) throw AppError.of('CAMPAIGN_NOT_FOUND', campaignId);
    await this.changed(projectId);
  }

  /** A draft of the create body's shape as a campaign, checked as create checks it; nothing is written (simulation). */
  async draft(projectId: string, body: CreateCampaignBody): Promise<Campaign> {
    const now = this.platform.clock.now();
    const fields = await this.fields(projectId, body, now);
    return toCampaign({ project_id: projectId, campaign_id: body.campaignId ?? 'draft', ...fields, created_at: now });
  }

  /** A stored campaign whatever its status; null when there is none (backfill). */
  async stored(projectId: string, campaignId: string): Promise<Campaign | null> {
    const row = await repo.find(this.db, projectId, campaignId);
    return row ? toCampaign(row) : null;
  }

  /** The columns of a body, after the checks the schema cannot make. */
  private async fields(projectId: string, body: CreateCampaignBody | UpdateCampaignBody, now: number) {
    if (body.endAt <= body.startAt) throw AppError.of('INVALID_DATES', 'endAt must be after startAt');
    const { multiplier, bonus, currency } = body.effect;
    if ((multiplier === undefined || multiplier === 1) && (bonus === undefined || bonus === 0)) {
      throw AppError.of('INVALID_EFFECT', 'effect needs a multiplier above 1 or a bonus above 0');
    }
    if (currency !== undefined && currency !== 'points') await this.sources.currency(projectId, currency);
    if (body.segmentId != null) await this.sources.segment(projectId, body.segmentId);
    const budget = body.budget ?? null;
    return {
      title: body.title,
      status: body.status ?? 'ACTIVE',
      start_at: body.startAt,
      end_at: body.endAt,
      days: daysMask(body.days),
      segment_id: body.segmentId ?? null,
      event_ids: body.eventIds ? JSON.stringify(body.eventIds) : null,
      conditions: body.conditions ? JSON.stringify(body.conditions) : null,
      effect: JSON.stringify(body.effect),
      budget_total: budget?.total ?? null,
      budget_per_user: budget?.perUser ?? null,
      priority: body.priority ?? 0,
      stacking: body.stacking ?? 'stack',
      updated_at: now,
    };
  }

  private async changed(projectId: string): Promise<void> {
    this.cache.delete(projectId);
    await this.platform.bus.publish(BUS_TOPIC, projectId);
  }

  deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    return repo.deleteUserSpend(this.db, projectId, userId, limit);
  }
}
