import { AppError } from '../../http/errors.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import { SettledCache } from '../../platform/shared-cache.js';
import { eventStage } from '../events/index.js';
import type { UserDataOwner } from '../users/index.js';
import { userKey, type WriteBatch } from '../../write-path/write-batch.js';
import { AchievementsBatch, type AchievementAwardUnit, type ChallengeSeries } from './achievements-batch.js';
import type { WritePath } from '../../write-path/write-path.js';
import { levelsOf, validateAchievement, type Achievement } from './achievement-rules.js';
import { AchievementsRepository } from './achievements.repository.js';
import { publicView, RarityReads, type RaritySources } from './achievement-rarity.js';
import { AchievementUserView, type UserViewSources } from './achievement-user-view.js';
import { ParsedProgressRows } from './parsed-progress-rows.js';
import type { AchievementBody, AchievementDefinition, PublicAchievement, UserAchievement } from './achievements.schemas.js';
import type { AchievementsTable } from './achievements.tables.js';

/**
 * Achievements (decision 275): badges a user collects, with levels. They unlock in the write path
 * (achievements-batch.ts) once per user and level; rarity is read from counts kept per level in the
 * same batches. Definitions are cached per project and dropped on every admin change (on every
 * instance, through the bus). Creating or changing one starts a backfill job (achievement-backfill.ts).
 */
const BUS_TOPIC = 'achievements';

/** What the service needs of other modules. */
export interface AchievementSources extends RaritySources, UserViewSources {
  /** Throws 400 UNKNOWN_CURRENCY unless the project has the currency (undefined: points). */
  currency(projectId: string, currencyId: string | undefined): Promise<void>;
  challengeSeries: ChallengeSeries;
  /** The first `n` of a month's board of a group (a closed month: its archive). */
  monthTop(projectId: string, groupId: string, month: string, n: number): Promise<Array<{ rank: number; userId: string }>>;
}

/** A month board that has been closed (the month close's hook, leaderboards' ClosedBoard). */
export interface ClosedBoardRef {
  projectId: string;
  groupId: string;
  /** The currency the board ranks; `boardRank` counts the `points` boards only. */
  currency: string;
  month: string;
  closedAt: number;
}

/** Units of one submit to the write path at the month close. */
const AWARD_CHUNK = 500;

export function toAchievement(r: AchievementsTable): Achievement {
  const criteria = JSON.parse(r.criteria) as Achievement['criteria'];
  const levelsGiven = r.levels === null ? null : (JSON.parse(r.levels) as AchievementBody['levels']);
  const points = Number(r.points);
  return {
    achievementId: r.achievement_id,
    title: JSON.parse(r.title),
    description: JSON.parse(r.description),
    image: r.image,
    status: r.status,
    secret: Number(r.secret) === 1,
    points,
    ...(r.currency ? { currency: r.currency } : {}),
    backfillPoints: Number(r.backfill_points) === 1,
    criteria,
    levelsGiven,
    levels: levelsOf(criteria, levelsGiven, points),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

function toDefinition(a: Achievement): AchievementDefinition {
  return {
    achievementId: a.achievementId,
    title: a.title,
    description: a.description,
    image: a.image,
    status: a.status,
    secret: a.secret,
    points: a.points,
    ...(a.currency ? { currency: a.currency } : {}),
    backfillPoints: a.backfillPoints,
    criteria: a.criteria,
    levels: a.levelsGiven ?? null,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

export class AchievementsService implements UserDataOwner {
  readonly userDataName = 'achievements';
  readonly repo = new AchievementsRepository();
  private readonly cache: SettledCache<Achievement[]>;
  /** Called with each created or changed achievement (the backfill). */
  /** Progress rows parsed by the write path, by user (decision 326): at most ~32 MB. */
  private readonly parsedRows = new ParsedProgressRows(32 * 1024 * 1024);
  /** Rarity, one read per project and event-loop turn (decision 342). */
  private readonly rarity: RarityReads;
  /** GET /user/{userId}/achievement and one of them. */
  private readonly userView: AchievementUserView;
  private changedHook: ((projectId: string, achievementId: string) => Promise<string>) | null = null;

  /** The POST /event stage, after challenges and streaks (it reads what they decided), and the backfill's units. */
  readonly stage = eventStage<AchievementsBatch>({
    name: 'achievements',
    kind: 'achievement-award',
    after: ['events', 'challenges?', 'streaks?'],
    provides: ['notices'],
    begin: (batch) =>
      new AchievementsBatch(
        batch,
        (b, projectId) => this.definitions(projectId, b),
        (b, projectId) => this.sources.challengeSeries(b, projectId),
        this.parsedRows,
      ),
  });

  /** The month close's step (after the archive): `boardRank` achievements of the board's group. */
  readonly closeStep = { name: 'achievements', closed: (board: ClosedBoardRef) => this.awardBoard(board) };

  constructor(
    private readonly platform: Platform,
    private readonly sources: AchievementSources,
    private readonly writes: WritePath,
  ) {
    this.cache = new SettledCache(platform.bus, BUS_TOPIC, platform.config.cacheTtlMs);
    this.rarity = new RarityReads(this.repo, () => this.db, sources);
    this.userView = new AchievementUserView(
      this.repo,
      () => this.db,
      sources,
      (p) => this.definitions(p),
      this.rarity,
    );
  }

  private get db() {
    return this.platform.db.kysely;
  }

  /** Sets what runs after a create or an update (the backfill job; it answers the job's id). */
  onChanged(hook: (projectId: string, achievementId: string) => Promise<string>): void {
    this.changedHook = hook;
  }

  /**
   * The project's achievements (cached). In a batch a miss reads them on the batch's transaction, and nobody
   * else waits for that load while it runs (decision 355).
   */
  definitions(projectId: string, batch?: WriteBatch): Promise<Achievement[]> {
    return this.cache.rowsOf(
      projectId,
      () => this.repo.listQuery(this.db, projectId),
      (rows) => rows.map(toAchievement),
      batch && ((q) => batch.session.execute(q)),
    );
  }

  private async changed(projectId: string, achievementId: string | null): Promise<string | undefined> {
    await this.platform.bus.publish(BUS_TOPIC, projectId);
    if (achievementId === null || !this.changedHook) return undefined;
    return this.changedHook(projectId, achievementId);
  }

  /** The currencies it pays in and counts must exist (400 UNKNOWN_CURRENCY). */
  private async checkCurrencies(projectId: string, body: AchievementBody): Promise<void> {
    await this.sources.currency(projectId, body.currency);
    await this.sources.currency(projectId, body.criteria.currency);
  }

  private toRow(projectId: string, achievementId: string, body: AchievementBody, createdAt: number): AchievementsTable {
    return {
      project_id: projectId,
      achievement_id: achievementId,
      title: JSON.stringify(body.title),
      description: JSON.stringify(body.description ?? {}),
      image: body.image ?? null,
      status: body.status ?? 'ACTIVE',
      secret: body.secret ? 1 : 0,
      points: body.points ?? 0,
      currency: body.currency === undefined || body.currency === 'points' ? null : body.currency,
      criteria: JSON.stringify(body.criteria),
      levels: body.levels ? JSON.stringify(body.levels) : null,
      backfill_points: body.backfillPoints ? 1 : 0,
      created_at: createdAt,
      updated_at: this.platform.clock.now(),
    };
  }

  async create(projectId: string, body: AchievementBody): Promise<AchievementDefinition> {
    validateAchievement(body);
    await this.checkCurrencies(projectId, body);
    const row = this.toRow(projectId, body.achievementId ?? generateId('ach'), body, this.platform.clock.now());
    if (!(await this.repo.insert(this.db, row))) {
      throw AppError.of('ACHIEVEMENT_EXISTS', `Achievement ${row.achievement_id} already exists`);
    }
    const jobId = row.status === 'ACTIVE' ? await this.changed(projectId, row.achievement_id) : await this.changed(projectId, null);
    return { ...toDefinition(toAchievement(row)), ...(jobId ? { backfillJobId: jobId } : {}) };
  }

  /** One achievement as stored now (not the cache: a job must see the latest definition). */
  async stored(projectId: string, achievementId: string): Promise<Achievement | null> {
    const row = await this.repo.find(this.db, projectId, achievementId);
    return row ? toAchievement(row) : null;
  }

  /** The project's achievements with the rarity of each level (the operator's view; secret ones included). */
  async list(projectId: string): Promise<AchievementDefinition[]> {
    const [rows, rarity] = await Promise.all([this.repo.list(this.db, projectId), this.rarity.read(projectId)]);
    return rows.map((r) => {
      const a = toAchievement(r);
      return { ...toDefinition(a), rarityByLevel: publicView(a, rarity).rarityByLevel };
    });
  }

  async get(projectId: string, achievementId: string): Promise<AchievementDefinition> {
    const row = await this.repo.find(this.db, projectId, achievementId);
    if (!row) throw AppError.of('ACHIEVEMENT_NOT_FOUND', achievementId);
    return toDefinition(toAchievement(row));
  }

  /**
   * Unlocks the `boardRank` achievements of a closed board's group for the users ranked within their
   * thresholds, through the write path (once per user and level: a rerun of the step unlocks nothing).
   */
  private async awardBoard(board: ClosedBoardRef): Promise<void> {
    if (board.currency !== 'points') return;
    const defs = (await this.definitions(board.projectId)).filter(
      (a) => a.status === 'ACTIVE' && a.criteria.kind === 'boardRank' && (a.criteria.groupId ?? 'default') === board.groupId,
    );
    if (defs.length === 0) return;
    const deepest = Math.max(...defs.flatMap((a) => a.levels.map((l) => l.threshold)));
    const top = await this.sources.monthTop(board.projectId, board.groupId, board.month, deepest);
    const units: AchievementAwardUnit[] = [];
    for (const a of defs) {
      const within = Math.max(...a.levels.map((l) => l.threshold));
      for (const e of top) {
        if (e.rank > within) continue;
        const metAt = Object.fromEntries(a.levels.filter((l) => e.rank <= l.threshold).map((l) => [String(l.level), board.closedAt]));
        units.push({
          kind: 'achievement-award',
          projectId: board.projectId,
          userId: e.userId,
          achievementId: a.achievementId,
          backfilled: false,
          progress: String(e.rank),
          metAt,
        });
      }
    }
    // A user deleted since the close is refused (USER_NOT_FOUND) and simply not awarded.
    for (let i = 0; i < units.length; i += AWARD_CHUNK) await this.writes.submitGroup(units.slice(i, i + AWARD_CHUNK));
  }

  /** A full update; an active achievement is backfilled again (a lowered threshold or a new level reaches more users). */
  async update(projectId: string, achievementId: string, body: AchievementBody): Promise<AchievementDefinition> {
    if (body.achievementId !== undefined && body.achievementId !== achievementId) {
      throw AppError.of('ID_MISMATCH', 'achievementId in the body must match the path');
    }
    validateAchievement(body);
    await this.checkCurrencies(projectId, body);
    const existing = await this.repo.find(this.db, projectId, achievementId);
    if (!existing) throw AppError.of('ACHIEVEMENT_NOT_FOUND', achievementId);
    const row = this.toRow(projectId, achievementId, body, Number(existing.created_at));
    await this.repo.update(this.db, row);
    const jobId = await this.changed(projectId, row.status === 'ACTIVE' ? achievementId : null);
    return { ...toDefinition(toAchievement(row)), ...(jobId ? { backfillJobId: jobId } : {}) };
  }

  async delete(projectId: string, achievementId: string): Promise<void> {
    // Its unlocks go for every user: no kept row of the write path stays current (decision 329).
    if (!(await this.repo.delete(this.db, projectId, achievementId, () => this.parsedRows.clear())))
      throw AppError.of('ACHIEVEMENT_NOT_FOUND', achievementId);
    await this.changed(projectId, null);
  }

  /** GET /achievement/{id}: an active achievement that is not secret, with its rarity. */
  async getPublic(projectId: string, achievementId: string): Promise<PublicAchievement> {
    const a = (await this.definitions(projectId)).find((x) => x.achievementId === achievementId && x.status === 'ACTIVE' && !x.secret);
    if (!a) throw AppError.of('ACHIEVEMENT_NOT_FOUND', achievementId);
    return publicView(a, await this.rarity.read(projectId));
  }

  /** GET /user/{userId}/achievement: the user's view of every active achievement (achievement-user-view.ts). */
  listForUser(projectId: string, userId: string): Promise<{ achievements: UserAchievement[] }> {
    return this.userView.listForUser(projectId, userId);
  }

  /** GET /user/{userId}/achievement/{id}: one of them (achievement-user-view.ts). */
  getForUser(projectId: string, userId: string, achievementId: string): Promise<{ achievement: UserAchievement }> {
    return this.userView.getForUser(projectId, userId, achievementId);
  }

  deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    return this.repo.deleteUserData(this.db, projectId, userId, limit, () => this.parsedRows.forget(userKey(projectId, userId)));
  }
}
