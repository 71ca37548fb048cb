import type { Compilable } from 'kysely';
import { lockNameInTransaction } from '../../platform/db/dialect-sql.js';
import { AppError } from '../../platform/errors.js';
import type { Platform } from '../../platform/platform.js';
import { SettledCache } from '../../platform/shared-cache.js';
import { dateKey } from '../../platform/time.js';
import { levelsProblem, type Level } from './levels.js';
import { currenciesRepository as repo } from './currencies.repository.js';
import type { CreateCurrencyBody, Currency, UpdateCurrencyBody } from './currencies.schemas.js';
import type { CurrenciesTable } from './currencies.tables.js';

/** The currency of the interface's one balance: it always exists, is spendable and takes the project's expiry setting. */
export const POINTS = 'points';
/** At most this many currencies per project, `points` included. */
export const MAX_CURRENCIES = 10;
const POINTS_TITLE = { en: 'Points', de: 'Punkte' };

/** A currency other than `points` as the write path uses it. */
export interface CurrencyDef {
  currencyId: string;
  title: Record<string, string>;
  spendable: boolean;
  active: boolean;
  /** Expiry of its credits (null: never), as the points' policy: days, and the UTC day it was switched on. */
  expiry: { afterDays: number; since: string } | null;
  levels: readonly Level[];
}

/** A project's currencies besides `points` (empty for most projects: then nothing of this costs an event anything). */
export type CurrencyCatalog = ReadonlyMap<string, CurrencyDef>;

/** What the currencies read of a project (its expiry setting is the `points` currency's). */
export interface PointsSettings {
  pointsExpiry(projectId: string): Promise<{ afterDays: number } | null>;
}

/** How a currency is about to be used: `spend` needs a spendable currency, `earn` and `spend` an active one. */
export type CurrencyUse = 'read' | 'earn' | 'spend';

const EMPTY: CurrencyCatalog = new Map();

function toDef(r: CurrenciesTable): CurrencyDef {
  return {
    currencyId: r.currency_id,
    title: JSON.parse(r.title) as Record<string, string>,
    spendable: Number(r.spendable) === 1,
    active: r.status === 'ACTIVE',
    expiry: r.expiry_days === null ? null : { afterDays: Number(r.expiry_days), since: r.expiry_since ?? '' },
    levels: r.levels ? (JSON.parse(r.levels) as Level[]) : [],
  };
}

function toCurrency(r: CurrenciesTable): Currency {
  const d = toDef(r);
  return {
    currencyId: d.currencyId,
    title: d.title,
    spendable: d.spendable,
    pointsExpiry: d.expiry ? { afterDays: d.expiry.afterDays } : null,
    levels: d.levels.map((l) => ({ level: l.level, threshold: l.threshold, title: l.title })),
    status: d.active ? 'ACTIVE' : 'INACTIVE',
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

/**
 * Currencies (decision 302): `points` and up to nine of a project's own, each with its own rules
 * (spendable or not, expiry, levels). The definitions are cached per project and dropped on every
 * instance when one changes; the write path reads them through `catalog`.
 */
export class CurrenciesService {
  private readonly catalogs: SettledCache<CurrencyCatalog>;

  constructor(
    private readonly platform: Platform,
    private readonly settings: PointsSettings,
  ) {
    this.catalogs = new SettledCache(platform.bus, 'currencies', platform.config.cacheTtlMs);
  }

  private get db() {
    return this.platform.db.kysely;
  }

  /**
   * A project's currencies besides `points`. In a write batch pass `run` (the batch's session), so the
   * batch never waits for a load outside it.
   */
  catalog(projectId: string, run?: <R>(q: Compilable<R>) => Promise<R[]>): Promise<CurrencyCatalog> {
    return this.catalogs.rowsOf<CurrenciesTable>(
      projectId,
      () => repo.listQuery(this.db, projectId),
      (rows) => (rows.length === 0 ? EMPTY : new Map(rows.map((x) => [x.currency_id, toDef(x)]))),
      run,
    );
  }

  /**
   * Throws 400 UNKNOWN_CURRENCY unless the currency exists (and, to earn or spend, is active; to spend,
   * spendable). `points` always passes.
   */
  async require(projectId: string, currencyId: string | undefined, use: CurrencyUse = 'read'): Promise<void> {
    if (currencyId === undefined || currencyId === POINTS) return;
    const def = (await this.catalog(projectId)).get(currencyId);
    if (!def) throw AppError.of('UNKNOWN_CURRENCY', `currency ${currencyId} does not exist`);
    if (use === 'spend' && !def.spendable) throw AppError.of('CURRENCY_NOT_SPENDABLE', `currency ${currencyId} is not spendable`);
    if (use !== 'read' && !def.active) throw AppError.of('CURRENCY_INACTIVE', `currency ${currencyId} is INACTIVE`);
  }

  /** Every currency of the project, `points` first. */
  async list(projectId: string): Promise<Currency[]> {
    const [rows, points] = await Promise.all([repo.listQuery(this.db, projectId).execute(), this.points(projectId)]);
    return [points, ...rows.map(toCurrency)];
  }

  async get(projectId: string, currencyId: string): Promise<Currency> {
    if (currencyId === POINTS) return this.points(projectId);
    const row = await repo.find(this.db, projectId, currencyId);
    if (!row) throw AppError.of('CURRENCY_NOT_FOUND', currencyId);
    return toCurrency(row);
  }

  private async points(projectId: string): Promise<Currency> {
    return {
      currencyId: POINTS,
      title: POINTS_TITLE,
      spendable: true,
      pointsExpiry: await this.settings.pointsExpiry(projectId),
      levels: [],
      status: 'ACTIVE',
      createdAt: 0,
      updatedAt: 0,
    };
  }

  async create(projectId: string, body: CreateCurrencyBody): Promise<Currency> {
    if (body.currencyId === POINTS) throw AppError.of('CURRENCY_EXISTS', 'points always exists');
    const now = this.platform.clock.now();
    const row: CurrenciesTable = { project_id: projectId, currency_id: body.currencyId, ...this.fields(body, null, now), created_at: now };
    // The cap is checked behind the project's creation lock: concurrent creations cannot pass it together.
    const inserted = await this.db.transaction().execute(async (trx) => {
      await lockNameInTransaction(trx, this.platform.db.dialect, `currencies:${projectId}`);
      const count = Number((await repo.count(trx, projectId))?.n ?? 0);
      if (count + 1 >= MAX_CURRENCIES) {
        throw AppError.of('TOO_MANY_CURRENCIES', `a project has at most ${MAX_CURRENCIES} currencies, points included`);
      }
      return repo.insert(trx, row);
    });
    if (!inserted) throw AppError.of('CURRENCY_EXISTS', `currency ${body.currencyId} exists`);
    await this.changed(projectId);
    return toCurrency(row);
  }

  async update(projectId: string, currencyId: string, body: UpdateCurrencyBody): Promise<Currency> {
    if (body.currencyId !== undefined && body.currencyId !== currencyId) {
      throw AppError.of('ID_MISMATCH', 'currencyId in the body differs from the path');
    }
    if (currencyId === POINTS) {
      throw AppError.of('RESERVED_ID', 'points is set by the project: its expiry is the project setting pointsExpiry');
    }
    const existing = await repo.find(this.db, projectId, currencyId);
    if (!existing) throw AppError.of('CURRENCY_NOT_FOUND', currencyId);
    const now = this.platform.clock.now();
    const row: CurrenciesTable = { ...existing, ...this.fields(body, existing, now) };
    if (!(await repo.update(this.db, row))) throw AppError.of('CURRENCY_NOT_FOUND', currencyId);
    await this.changed(projectId);
    return toCurrency(row);
  }

  private fields(body: CreateCurrencyBody | UpdateCurrencyBody, existing: CurrenciesTable | null, now: number) {
    const levels = body.levels ?? [];
    const problem = levelsProblem(levels);
    if (problem) throw AppError.of('INVALID_LEVELS', problem);
    const expiry = body.pointsExpiry ?? null;
    // Expiry counts from the day it was switched on (lots earned before count from then), as for points.
    const since = expiry === null ? null : existing?.expiry_days != null && existing.expiry_since ? existing.expiry_since : dateKey(now);
    return {
      title: JSON.stringify(body.title),
      spendable: body.spendable ? 1 : 0,
      expiry_days: expiry?.afterDays ?? null,
      expiry_since: since,
      levels:
        levels.length === 0 ? null : JSON.stringify(levels.map((l) => ({ level: l.level, threshold: l.threshold, title: l.title ?? {} }))),
      status: body.status ?? 'ACTIVE',
      updated_at: now,
    };
  }

  private async changed(projectId: string): Promise<void> {
    this.catalogs.delete(projectId);
    await this.platform.bus.publish('currencies', projectId);
  }
}
