import type { Compilable } from 'kysely';
import { AppError } from '../../http/errors.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import { SettledCache } from '../../platform/shared-cache.js';
import { monthKey } from '../../platform/time.js';
import type { LeaderboardsService } from '../leaderboards/index.js';
import type { WriteBatch } from '../../write-path/write-batch.js';
import type { WritePath } from '../../write-path/write-path.js';

/** Users checked per write-path group by the monthly checks. */
const CHECK_PAGE = 200;
import { DEFAULT_TIER_GRACE_MONTHS, DEFAULT_TIER_WINDOW_MONTHS, type ProjectsService } from '../projects/index.js';
import { POINTS } from '../currencies/index.js';
import type { UserDataOwner } from '../users/index.js';
import { earnedIn, initialTierState, shiftMonth, tierAt, tierRank, type TierState } from './tier-rules.js';
import type { TierConfig } from './tier-config.js';
import { tiersParticipant, type TierCheckUnit } from './tiers-batch.js';
import type { CreateTierBody, Tier, UpdateTierBody, UserTier } from './tiers.schemas.js';
import type { TiersTable, UserTiersTable } from './tiers.tables.js';
import { TiersRepository } from './tiers.repository.js';

export type { TierConfig, TierDefinition } from './tier-config.js';

/** Offers name the tiers they are limited to; a tier they name cannot be deleted. */
export interface TierUsers {
  offersNaming(projectId: string, tierId: string): Promise<string[]>;
}

const toTier = (r: TiersTable): Tier => ({
  tierId: r.tier_id,
  title: JSON.parse(r.title) as Record<string, string>,
  threshold: Number(r.threshold),
  multiplier: Number(r.multiplier),
  benefits: JSON.parse(r.benefits) as Record<string, string>,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

const toState = (r: UserTiersTable): TierState => ({
  tierId: r.tier_id,
  since: r.since === null ? null : Number(r.since),
  checkedMonth: r.checked_month,
  shortChecks: Number(r.short_checks),
});

/**
 * Tiers (docs/loyalty-economics.md): the admin resource, a user's tier (GET /user/{userId}/tier),
 * and the write path's part that keeps each user's tier and gives events their multiplier.
 * A user's tier comes from the earnings in the project's tier currency (`tierCurrency`, default
 * `points`) in its tier window (tier-rules.ts).
 */
export class TiersService implements UserDataOwner {
  readonly userDataName = 'tiers';
  readonly participant: ReturnType<typeof tiersParticipant>;
  private readonly repo: TiersRepository;
  private readonly configs: SettledCache<TierConfig>;
  private offers: TierUsers | null = null;
  private writes: WritePath | null = null;

  constructor(
    private readonly platform: Platform,
    private readonly projects: Pick<ProjectsService, 'tierSettingsQuery'>,
    private readonly leaderboards: Pick<LeaderboardsService, 'monthlyEarningsQuery' | 'monthlyEarningsOf'>,
  ) {
    this.repo = new TiersRepository(platform.db.kysely);
    this.configs = new SettledCache(platform.bus, 'tiers', platform.config.cacheTtlMs);
    // The window and grace are project settings: a change of a project drops the cached configurations.
    platform.bus.on('projects', () => this.configs.clear());
    this.participant = tiersParticipant({
      config: (batch, projectId) => this.config(projectId, batch),
      loadStates: (batch, projectId, userIds) => this.loadStates(batch, projectId, userIds),
      loadEarnings: (batch, projectId, userIds, from, currency) => this.loadEarnings(batch, projectId, userIds, from, currency),
    });
  }

  /** Set once when the services are wired (offers are built after tiers). */
  useOffers(offers: TierUsers): void {
    this.offers = offers;
  }

  /**
   * A project's tiers and settings, cached. In a batch a miss reads them on the batch's transaction
   * (on SQLite the batch holds the one connection), and nobody else waits for that load (decision 355).
   */
  config(projectId: string, batch?: WriteBatch): Promise<TierConfig> {
    return this.configs.get(
      projectId,
      () => this.loadConfig(projectId, (q) => this.platform.db.kysely.executeQuery(q.compile()).then((r) => r.rows)),
      batch && (() => this.loadConfig(projectId, (q) => batch.session.execute(q))),
    );
  }

  private async loadConfig(projectId: string, run: <R>(q: Compilable<R>) => Promise<R[]>): Promise<TierConfig> {
    // Both at once: in a batch they go out together (one round trip), outside it on two connections.
    const [rows, [settings]] = await Promise.all([run(this.repo.listQuery(projectId)), run(this.projects.tierSettingsQuery(projectId))]);
    return {
      tiers: rows.map((r) => ({ ...toTier(r) })),
      settings: {
        windowMonths: Number(settings?.tier_window_months ?? DEFAULT_TIER_WINDOW_MONTHS),
        graceMonths: Number(settings?.tier_grace_months ?? DEFAULT_TIER_GRACE_MONTHS),
      },
      currency: settings?.tier_currency ?? POINTS,
    };
  }

  list(projectId: string): Promise<Tier[]> {
    return this.repo.list(projectId).then((rows) => rows.map(toTier));
  }

  async get(projectId: string, tierId: string): Promise<Tier> {
    const row = await this.repo.get(projectId, tierId);
    if (!row) throw AppError.of('TIER_NOT_FOUND', tierId);
    return toTier(row);
  }

  async create(projectId: string, body: CreateTierBody): Promise<Tier> {
    const now = this.platform.clock.now();
    const tierId = body.tierId ?? generateId('tier');
    await this.assertThresholdFree(projectId, tierId, body.threshold);
    const row: TiersTable = { project_id: projectId, tier_id: tierId, ...this.fields(body), created_at: now, updated_at: now };
    if (!(await this.repo.insert(row))) throw AppError.of('TIER_EXISTS', `Tier ${tierId} already exists`);
    await this.changed(projectId);
    return toTier(row);
  }

  async update(projectId: string, tierId: string, body: UpdateTierBody): Promise<Tier> {
    if (body.tierId !== undefined && body.tierId !== tierId) throw AppError.of('ID_MISMATCH', 'tierId in the body must match the path');
    const existing = await this.get(projectId, tierId);
    await this.assertThresholdFree(projectId, tierId, body.threshold);
    const now = this.platform.clock.now();
    if (!(await this.repo.update({ project_id: projectId, tier_id: tierId, ...this.fields(body), updated_at: now }))) {
      throw AppError.of('TIER_NOT_FOUND', tierId);
    }
    await this.changed(projectId);
    return {
      ...existing,
      ...toTier({ project_id: projectId, tier_id: tierId, ...this.fields(body), created_at: existing.createdAt, updated_at: now }),
    };
  }

  /** A tier that offers are limited to cannot be deleted (409); users who held it fall to what their window gives. */
  async delete(projectId: string, tierId: string): Promise<void> {
    await this.get(projectId, tierId);
    const naming = (await this.offers?.offersNaming(projectId, tierId)) ?? [];
    if (naming.length > 0) throw AppError.of('TIER_IN_USE', `Tier ${tierId} is named by offers: ${naming.join(', ')}`);
    if (!(await this.repo.delete(projectId, tierId))) throw AppError.of('TIER_NOT_FOUND', tierId);
    await this.changed(projectId);
  }

  /** Throws 400 UNKNOWN_TIER unless every id names a tier of the project (offers' `tiers`). */
  async assertExist(projectId: string, tierIds: readonly string[]): Promise<void> {
    const known = new Set((await this.config(projectId)).tiers.map((t) => t.tierId));
    const missing = tierIds.filter((id) => !known.has(id));
    if (missing.length > 0) throw AppError.of('UNKNOWN_TIER', `body/tiers: unknown tiers ${missing.join(', ')}`);
  }

  /** GET /user/{userId}/tier: the tier at the service's time (the user must exist; checked by the caller). */
  async userTier(projectId: string, userId: string): Promise<UserTier> {
    const now = this.platform.clock.now();
    const config = await this.config(projectId);
    const { state, monthly } = await this.stateAt(projectId, userId, config, now);
    const earnedInWindow = earnedIn(monthly, monthKey(now), config.settings.windowMonths);
    const rank = tierRank(config.tiers, state.tierId);
    const tier = rank >= 0 ? config.tiers[rank]! : null;
    const above = config.tiers[rank + 1];
    return {
      userId,
      currency: config.currency,
      tierId: tier?.tierId ?? null,
      title: tier?.title ?? null,
      benefits: tier?.benefits ?? null,
      multiplier: tier?.multiplier ?? 1,
      since: tier ? state.since : null,
      earnedInWindow,
      next: above ? { tierId: above.tierId, pointsNeeded: Math.max(0, above.threshold - earnedInWindow) } : null,
    };
  }

  /** The id of the user's tier now (null: none), for the redeemable check. */
  async currentTierId(projectId: string, userId: string): Promise<string | null> {
    const config = await this.config(projectId);
    if (config.tiers.length === 0) return null;
    return (await this.stateAt(projectId, userId, config, this.platform.clock.now())).state.tierId;
  }

  /**
   * The daily task: users whose tier state has a monthly check due (a month started since it was
   * last brought up to date) go through the write path as `tier-check` units, so downgrades are
   * stored and reported (`tier.changed`) on the first day of the month, not at the user's next
   * change. Idempotent: a state already checked this month is not picked again, and a check
   * repeated on a state changes nothing and reports nothing.
   */
  async runMonthlyChecks(now: number): Promise<number> {
    const month = monthKey(now);
    let checked = 0;
    for (const { project_id: projectId } of await this.repo.projectsWithTiers()) {
      let after = '';
      for (;;) {
        const userIds = await this.repo.statesDue(projectId, month, after, CHECK_PAGE);
        if (userIds.length === 0) break;
        await this.writes!.submitGroup(userIds.map((userId): TierCheckUnit => ({ kind: 'tier-check', projectId, userId })));
        checked += userIds.length;
        after = userIds[userIds.length - 1]!;
      }
    }
    return checked;
  }

  /** Set once when the services are wired (the checks go through the write path). */
  useWritePath(writes: WritePath): void {
    this.writes = writes;
  }

  deleteUserData(projectId: string, userId: string): Promise<number> {
    return this.repo.deleteUserData(projectId, userId);
  }

  private async stateAt(projectId: string, userId: string, config: TierConfig, now: number) {
    const row = await this.repo.state(projectId, userId);
    const stored = row ? toState(row) : initialTierState(now);
    const window = config.settings.windowMonths;
    const from = [shiftMonth(stored.checkedMonth, 1 - window), shiftMonth(monthKey(now), 1 - window)].sort()[0]!;
    const rows = await this.leaderboards.monthlyEarningsOf(projectId, userId, from, config.currency);
    const monthly = new Map(rows.map((r) => [r.month, Number(r.points)]));
    return { state: config.tiers.length === 0 ? stored : tierAt(config.tiers, config.settings, stored, monthly, now), monthly };
  }

  private async loadStates(batch: WriteBatch, projectId: string, userIds: readonly string[]): Promise<Map<string, TierState>> {
    const rows = await batch.session.execute(this.repo.statesQuery(projectId, userIds));
    return new Map(rows.map((r) => [r.user_id, toState(r)]));
  }

  private async loadEarnings(
    batch: WriteBatch,
    projectId: string,
    userIds: readonly string[],
    from: string,
    currency: string,
  ): Promise<Map<string, Map<string, number>>> {
    const out = new Map<string, Map<string, number>>();
    for (const r of await batch.session.execute(this.leaderboards.monthlyEarningsQuery(projectId, userIds, from, currency))) {
      let m = out.get(r.user_id);
      if (!m) out.set(r.user_id, (m = new Map()));
      m.set(r.month, Number(r.points));
    }
    return out;
  }

  /** Two tiers with one threshold would make the ladder ambiguous: 409. */
  private async assertThresholdFree(projectId: string, tierId: string, threshold: number): Promise<void> {
    const clash = (await this.repo.list(projectId)).find((t) => t.tier_id !== tierId && Number(t.threshold) === threshold);
    if (clash) throw AppError.of('TIER_THRESHOLD_TAKEN', `Tier ${clash.tier_id} already has the threshold ${threshold}`);
  }

  private fields(body: CreateTierBody | UpdateTierBody) {
    return {
      title: JSON.stringify(body.title),
      benefits: JSON.stringify(body.benefits ?? {}),
      threshold: body.threshold,
      multiplier: body.multiplier,
    };
  }

  private async changed(projectId: string): Promise<void> {
    await this.platform.bus.publish('tiers', projectId);
  }
}
