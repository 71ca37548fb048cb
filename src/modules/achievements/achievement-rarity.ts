import type { Queryable } from '../../platform/db/database.js';
import { TurnShared } from '../../platform/turn-shared.js';
import type { Achievement } from './achievement-rules.js';
import type { AchievementsRepository } from './achievements.repository.js';
import type { PublicAchievement } from './achievements.schemas.js';

/**
 * Rarity (decision 277, 287): the fraction of a project's live users who unlocked a level, read
 * from counters only — the per-level counts the write path keeps and the users module's count of
 * live users — never by counting users or unlocks per request.
 */
export interface RaritySources {
  /** Live users of a project (rarity's denominator), from the users module's kept count (decision 287). */
  countUsers(projectId: string): Promise<number>;
  /** The project's users whose deletion is under way (not live, though the job may not have removed their unlocks yet). */
  usersBeingDeleted(projectId: string): Promise<readonly string[]>;
}

/** Level → users who unlocked it, per achievement; and the project's live users. */
export interface Rarity {
  counts: Map<string, Map<number, number>>;
  users: number;
}

export async function readRarity(repo: AchievementsRepository, db: Queryable, sources: RaritySources, projectId: string): Promise<Rarity> {
  const [rows, users, deleting] = await Promise.all([
    repo.levelCounts(db, projectId),
    sources.countUsers(projectId),
    sources.usersBeingDeleted(projectId),
  ]);
  const counts: Rarity['counts'] = new Map();
  for (const r of rows) {
    let m = counts.get(r.achievement_id);
    if (!m) counts.set(r.achievement_id, (m = new Map()));
    m.set(r.level, r.users);
  }
  // A user being deleted left the denominator at the mark; its unlocks leave the counts only as
  // the job removes them, so those still there are taken off here (usually no user: no query).
  for (const r of await repo.levelsOfUsers(db, projectId, deleting)) {
    const m = counts.get(r.achievement_id);
    if (m?.has(r.level)) m.set(r.level, m.get(r.level)! - 1);
  }
  return { counts, users };
}

/**
 * A project's rarity as its requests read it: the requests that ask in one turn of the event loop share
 * one read, which starts when the turn ends (decision 342). The rarity is the same for every user of the
 * project, and under load many of them ask in the same turn.
 */
export class RarityReads {
  private readonly shared = new TurnShared<Rarity>();

  constructor(
    private readonly repo: AchievementsRepository,
    private readonly db: () => Queryable,
    private readonly sources: RaritySources,
  ) {}

  /** The project's rarity; shared with the other callers of this turn, so not to be changed. */
  read(projectId: string): Promise<Rarity> {
    return this.shared.get(projectId, () => readRarity(this.repo, this.db(), this.sources, projectId));
  }
}

/** The achievement as anyone of the project sees it, with its rarity. */
export function publicView(a: Achievement, { counts, users }: Rarity): PublicAchievement {
  const byLevel = counts.get(a.achievementId) ?? new Map<number, number>();
  const fraction = (n: number) => (users === 0 ? 0 : Math.min(1, Math.max(0, n / users)));
  const rarityByLevel: Record<string, number> = {};
  for (const l of a.levels) rarityByLevel[String(l.level)] = fraction(byLevel.get(l.level) ?? 0);
  return {
    achievementId: a.achievementId,
    title: a.title,
    description: a.description,
    image: a.image,
    secret: a.secret,
    kind: a.criteria.kind,
    levels: a.levels.map((l) => ({ level: l.level, threshold: l.threshold, title: l.title, image: l.image, points: l.points })),
    rarity: fraction(byLevel.get(a.levels[0]!.level) ?? 0),
    rarityByLevel,
  };
}
