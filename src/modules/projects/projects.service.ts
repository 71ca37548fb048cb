import { AppError } from '../../http/errors.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import { SharedCache } from '../../platform/shared-cache.js';
import type { ProjectsTable } from '../../platform/db/schema.js';
import { dateKey } from '../../platform/time.js';
import { ProjectsRepository } from './projects.repository.js';

/**
 * Projects are tenants. `default` exists from the first start and cannot be deleted. A project being
 * deleted (project-deletion.ts) is left out of every read and cannot be created again until its
 * deletion job is done.
 */
export interface Project {
  projectId: string;
  name: string;
  /** Tiers (docs/loyalty-economics.md): months of earnings a tier is computed from. */
  tierWindow: { months: number };
  /** Monthly checks a user keeps a tier while falling short of it. */
  tierGraceMonths: number;
  /** The currency whose earnings decide tiers (decision 298; default `points`). */
  tierCurrency: string;
  /** Points expiry (docs/loyalty-economics.md; null: off). */
  pointsExpiry: { afterDays: number } | null;
  /** Whether POST /event creates an unknown user (decision 230; default false: 404 USER_NOT_FOUND). */
  autoCreateUsers: boolean;
  /** How many hours back an end user's own token may date an event (decision 196). */
  userEventMaxAgeHours: number;
  createdAt: number;
  updatedAt: number;
}

/** The settings PUT /admin/project/{id} may change; an omitted one keeps its value. */
export interface ProjectUpdate {
  name: string;
  tierWindow?: { months: number };
  tierGraceMonths?: number;
  tierCurrency?: string;
  pointsExpiry?: { afterDays: number } | null;
  autoCreateUsers?: boolean;
  userEventMaxAgeHours?: number;
}

export const DEFAULT_TIER_WINDOW_MONTHS = 12;
export const DEFAULT_TIER_GRACE_MONTHS = 1;
export const DEFAULT_USER_EVENT_MAX_AGE_HOURS = 72;
/** The currency of the interface's one balance (the tier currency unless set). */
const POINTS_CURRENCY = 'points';

/** Which currencies a project has (the currencies module; set when the services are wired). */
export interface ProjectCurrencies {
  /** 400 UNKNOWN_CURRENCY unless the project has the currency. */
  require(projectId: string, currencyId: string): Promise<void>;
}

const toProject = (r: ProjectsTable): Project => ({
  projectId: r.project_id,
  name: r.name,
  tierWindow: { months: Number(r.tier_window_months) },
  tierGraceMonths: Number(r.tier_grace_months),
  tierCurrency: r.tier_currency ?? POINTS_CURRENCY,
  pointsExpiry: r.points_expiry_days === null ? null : { afterDays: Number(r.points_expiry_days) },
  autoCreateUsers: Number(r.auto_create_users) === 1,
  userEventMaxAgeHours: r.user_event_max_age_hours === null ? DEFAULT_USER_EVENT_MAX_AGE_HOURS : Number(r.user_event_max_age_hours),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

const newRow = (projectId: string, name: string, now: number): ProjectsTable => ({
  project_id: projectId,
  name,
  tier_window_months: DEFAULT_TIER_WINDOW_MONTHS,
  tier_grace_months: DEFAULT_TIER_GRACE_MONTHS,
  points_expiry_days: null,
  points_expiry_since: null,
  auto_create_users: 0,
  user_event_max_age_hours: null,
  created_at: now,
  updated_at: now,
});

export class ProjectsService {
  private readonly repo: ProjectsRepository;
  /** Known project ids; every authenticated request asks, so it is kept in memory (one entry). */
  private readonly known: SharedCache<Promise<Set<string>>>;
  /** The projects each load of `known` found, once it finished (for `existsNow`). */
  private readonly loaded = new WeakMap<Promise<Set<string>>, Set<string>>();
  private readonly autoCreate: SharedCache<Promise<boolean>>;
  /** Per project: how far back user tokens may date events (read by every offline POST /event). */
  private readonly maxAges: SharedCache<Promise<number>>;
  private currencies: ProjectCurrencies | null = null;

  constructor(private readonly platform: Platform) {
    this.repo = new ProjectsRepository(platform.db.kysely);
    this.known = new SharedCache(platform.bus, 'projects', platform.config.cacheTtlMs);
    this.autoCreate = new SharedCache(platform.bus, 'projects', platform.config.cacheTtlMs);
    this.maxAges = new SharedCache(platform.bus, 'projects', platform.config.cacheTtlMs);
  }

  /** Set once when the services are wired (the currencies are built after the projects). */
  useCurrencies(currencies: ProjectCurrencies): void {
    this.currencies = currencies;
  }

  /** The project's userEventMaxAgeHours, cached (every instance drops it when a project changes). */
  userEventMaxAgeHours(projectId: string): Promise<number> {
    return this.maxAges.getOrLoad(projectId, async () => {
      const row = await this.repo.get(projectId);
      const hours = row?.user_event_max_age_hours;
      return hours === null || hours === undefined ? DEFAULT_USER_EVENT_MAX_AGE_HOURS : Number(hours);
    });
  }

  async ensureDefault(): Promise<void> {
    const now = this.platform.clock.now();
    await this.repo.insert(newRow('default', 'Default project', now));
  }

  async exists(projectId: string): Promise<boolean> {
    const loading = this.known.getOrLoad('all', async () => new Set((await this.repo.list()).map((p) => p.project_id)));
    const known = await loading;
    this.loaded.set(loading, known);
    return known.has(projectId);
  }

  /** `exists` at once when the projects are cached and loaded (undefined: ask `exists`). */
  existsNow(projectId: string): boolean | undefined {
    const loading = this.known.get('all');
    return loading && this.loaded.get(loading)?.has(projectId);
  }

  /** POST /event's read of autoCreateUsers (decision 230), cached per project; an unknown project: false. */
  autoCreateUsers(projectId: string): Promise<boolean> {
    return this.autoCreate.getOrLoad(projectId, async () => (await this.repo.get(projectId))?.auto_create_users === 1);
  }

  /** The query of a project's tier settings (run alone, or in the write path's transaction). */
  tierSettingsQuery(projectId: string) {
    return this.repo.tierSettingsQuery(projectId);
  }

  async list(): Promise<Project[]> {
    return (await this.repo.list()).map(toProject);
  }

  async get(projectId: string): Promise<Project> {
    const row = await this.repo.get(projectId);
    if (!row) throw AppError.of('PROJECT_NOT_FOUND', projectId);
    return toProject(row);
  }

  async create(input: { projectId?: string; name: string }): Promise<Project> {
    const now = this.platform.clock.now();
    const projectId = input.projectId ?? generateId('prj');
    const row = newRow(projectId, input.name, now);
    const inserted = await this.repo.insert(row);
    if (!inserted) {
      if ((await this.repo.find(projectId))?.deleted_at != null) {
        throw AppError.of('PROJECT_BEING_DELETED', `Project ${projectId} is being deleted; its id can be taken again when that is done`);
      }
      throw AppError.of('PROJECT_EXISTS', `Project ${projectId} already exists`);
    }
    await this.platform.bus.publish('projects');
    return toProject(row);
  }

  /** Changes the name and the settings given; the others keep their values. Other modules' caches of the settings drop on `projects`. */
  async update(projectId: string, input: ProjectUpdate): Promise<Project> {
    const now = this.platform.clock.now();
    if (input.tierCurrency !== undefined) await this.currencies?.require(projectId, input.tierCurrency);
    let expiry = {};
    if (input.pointsExpiry !== undefined) {
      // Switching expiry on starts the clock of earlier points today (decision 147); a change of
      // afterDays while on keeps that day; switching off forgets it.
      const since = input.pointsExpiry === null ? null : ((await this.repo.get(projectId))?.points_expiry_since ?? dateKey(now));
      expiry = { points_expiry_days: input.pointsExpiry?.afterDays ?? null, points_expiry_since: since };
    }
    const changes = {
      ...expiry,
      name: input.name,
      ...(input.tierWindow ? { tier_window_months: input.tierWindow.months } : {}),
      ...(input.tierGraceMonths !== undefined ? { tier_grace_months: input.tierGraceMonths } : {}),
      // `points` is stored as null (the default), so a project that never set it and one that set it back read the same.
      ...(input.tierCurrency !== undefined ? { tier_currency: input.tierCurrency === POINTS_CURRENCY ? null : input.tierCurrency } : {}),
      ...(input.autoCreateUsers !== undefined ? { auto_create_users: input.autoCreateUsers ? 1 : 0 } : {}),
      ...(input.userEventMaxAgeHours !== undefined ? { user_event_max_age_hours: input.userEventMaxAgeHours } : {}),
    };
    if (!(await this.repo.update(projectId, changes, now))) {
      throw AppError.of('PROJECT_NOT_FOUND', projectId);
    }
    await this.platform.bus.publish('projects');
    return this.get(projectId);
  }
}
