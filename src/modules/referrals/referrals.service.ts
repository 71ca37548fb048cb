import { assertActsFor, type Principal } from '../../http/auth/principal.js';
import { AppError } from '../../http/errors.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import { SettledCache } from '../../platform/shared-cache.js';
import { eventStage } from '../events/index.js';
import type { UserDataOwner } from '../users/index.js';
import type { WriteBatch } from '../../write-path/write-batch.js';
import type { WritePath } from '../../write-path/write-path.js';
import { DAY_MS, newCode, normalizeCode, NO_PROGRAMME, programmeOf, programmeView, type Programme } from './referral-programme.js';
import { ReferralsBatch } from './referrals-batch.js';
import { referralsRepository as repo, userReferralReads } from './referrals.repository.js';
import { referralView } from './referral-view.js';
import type {
  JoinReferralBody,
  Referral,
  ReferralListQuery,
  ReferralPage,
  ReferralProgramme,
  ReferralProgrammeBody,
  UserReferral,
} from './referrals.schemas.js';
import type { ReferralProgrammesTable } from './referrals.tables.js';

/**
 * Referrals (decision 310): members bring members. A user's code is made on first read; a referee
 * enters one code once, early, and its first qualifying event pays both sides once — in the write
 * path, with the referrer's row locked beside the referee's, so caps hold across instances.
 */
const BUS_TOPIC = 'referral-programme';

/** What the service needs of other modules. */
export interface ReferralSources {
  /** The live user's creation time (404 USER_NOT_FOUND otherwise). */
  userSince(projectId: string, userId: string): Promise<number>;
  /** Throws 400 UNKNOWN_CURRENCY unless the project has the currency. */
  currency(projectId: string, currencyId: string): Promise<void>;
  eventExists(projectId: string, eventId: string): Promise<boolean>;
}

function parse(row: ReferralProgrammesTable | undefined): Programme {
  if (!row) return NO_PROGRAMME;
  return { ...(JSON.parse(row.settings) as Programme), updatedAt: Number(row.updated_at) };
}

export class ReferralsService implements UserDataOwner {
  readonly userDataName = 'referrals';
  private readonly cache: SettledCache<Programme>;

  /** The POST /event stage (after the events part) and the referral units (join, review, payout). */
  readonly stage = eventStage<ReferralsBatch>({
    name: 'referrals',
    kind: 'referral',
    after: ['events'],
    provides: ['notices'],
    begin: (batch) =>
      new ReferralsBatch(
        batch,
        this.db,
        (b, projectId) => this.programme(projectId, b),
        (projectId, referrerId, referralId) => this.payout(projectId, referrerId, referralId),
      ),
  });

  constructor(
    private readonly platform: Platform,
    private readonly sources: ReferralSources,
    private readonly writes: WritePath,
  ) {
    this.cache = new SettledCache(platform.bus, BUS_TOPIC, platform.config.cacheTtlMs);
  }

  private get db() {
    return this.platform.db.kysely;
  }

  /**
   * The project's programme (cached; dropped on every instance when it is set). In a batch a miss reads
   * it on the batch's transaction, which nobody else waits for while it runs (decision 355).
   */
  programme(projectId: string, batch?: WriteBatch): Promise<Programme> {
    return this.cache.rowsOf(
      projectId,
      () => repo.programme(this.db, projectId),
      ([row]) => parse(row),
      batch && ((q) => batch.session.execute(q)),
    );
  }

  async getProgramme(projectId: string): Promise<ReferralProgramme> {
    return programmeView(await this.programme(projectId));
  }

  /** PUT /admin/referral-programme: the whole programme (its currencies and event must exist). */
  async putProgramme(projectId: string, body: ReferralProgrammeBody): Promise<ReferralProgramme> {
    for (const r of [body.referrerReward, body.refereeReward])
      if (r.currency !== undefined) await this.sources.currency(projectId, r.currency);
    if (!(await this.sources.eventExists(projectId, body.qualifying.eventId)))
      throw AppError.of('UNKNOWN_EVENT', `event ${body.qualifying.eventId} is not defined`);
    const p = programmeOf(body, this.platform.clock.now());
    const { updatedAt: _at, ...settings } = p;
    await repo.saveProgramme(this.db, projectId, JSON.stringify(settings), p.updatedAt!).execute();
    this.cache.delete(projectId);
    await this.platform.bus.publish(BUS_TOPIC, projectId);
    return programmeView(p);
  }

  /** The user's code: read, or made now (a lost race or a taken code reads again; stable once stored). */
  async codeOf(projectId: string, userId: string): Promise<string> {
    for (let attempt = 0; attempt < 8; attempt++) {
      const found = await userReferralReads.code.first(this.db, { projectId, userId });
      if (found) return found.code;
      await repo
        .insertCode(this.db, { project_id: projectId, user_id: userId, code: newCode(), created_at: this.platform.clock.now() })
        .execute();
    }
    throw new Error('no free referral code after 8 attempts');
  }

  /** GET /user/{userId}/referral. */
  async userReferral(principal: Principal, userId: string): Promise<UserReferral> {
    assertActsFor(principal, userId);
    const projectId = principal.projectId;
    await this.sources.userSince(projectId, userId);
    // One statement; only a user without a code yet makes one (codeOf).
    const view = await userReferralReads.view.first(this.db, { projectId, userId });
    return {
      code: view?.code ?? (await this.codeOf(projectId, userId)),
      referredBy: view?.referrer_id ?? null,
      invited: Number(view?.invited ?? 0),
      qualified: Number(view?.qualified ?? 0),
      earned: Number(view?.earned ?? 0),
    };
  }

  /** POST /user/{userId}/referral: the referee enters a code (checks that need no lock first; the rest in the write path). */
  async join(principal: Principal, userId: string, body: JoinReferralBody): Promise<Referral> {
    assertActsFor(principal, userId);
    const projectId = principal.projectId;
    const p = await this.programme(projectId);
    if (!p.active) throw AppError.of('REFERRAL_PROGRAMME_INACTIVE', 'the referral programme is not active');
    const since = await this.sources.userSince(projectId, userId);
    if (this.platform.clock.now() > since + p.codeDays * DAY_MS)
      throw AppError.of('REFERRAL_WINDOW_CLOSED', `a code can be entered within ${p.codeDays} days of joining`);
    const code = normalizeCode(body.code);
    const owner = await repo.ownerOf(this.db, projectId, code).executeTakeFirst();
    if (!owner) throw AppError.of('REFERRAL_CODE_UNKNOWN', `code ${code} does not exist`);
    if (owner.user_id === userId) throw AppError.of('REFERRAL_OWN_CODE', 'a user cannot enter its own code');
    return this.writes.submit({
      kind: 'referral',
      action: 'join',
      projectId,
      userId,
      alsoLocks: [owner.user_id],
      id: generateId('ref'),
      referrerId: owner.user_id,
      code,
      fingerprint: body.fingerprint ?? null,
      refereeSince: since,
    });
  }

  /** POST /admin/referral/{id}/approve or /reject. */
  async review(projectId: string, id: string, approve: boolean): Promise<Referral> {
    const row = await repo.find(this.db, projectId, id).executeTakeFirst();
    if (!row) throw AppError.of('REFERRAL_NOT_FOUND', id);
    const userId = row.referee_id ?? row.referrer_id;
    if (userId === null) throw AppError.of('REFERRAL_NOT_FLAGGED', `referral ${id} has lost both its users`);
    const others = row.referrer_id !== null && row.referrer_id !== userId ? [row.referrer_id] : [];
    return this.writes.submit({ kind: 'referral', action: 'review', projectId, userId, alsoLocks: others, referralId: id, approve });
  }

  /** The referrer's reward of a referral that qualified in a batch that did not hold the referrer. */
  private async payout(projectId: string, referrerId: string, referralId: string): Promise<void> {
    await this.writes.submit({ kind: 'referral', action: 'payout', projectId, userId: referrerId, referralId });
  }

  /**
   * The daily sweep (decision 310): pays the referrer rewards still `due`, whose payout unit was never
   * submitted (the process stopped between the batch's commit and it). A payout pays only while the
   * row is still due, so a sweep beside a late unit pays once. At most 1,000 a day (they are rare: each
   * is one stop at one moment); answers how many it submitted.
   */
  async payDueRewards(): Promise<number> {
    const rows = await repo.dueRewards(this.db, 1000).execute();
    for (const r of rows) await this.payout(r.project_id, r.referrer_id!, r.id);
    return rows.length;
  }

  /** GET /admin/referral: newest first, paged by cursor. */
  async list(projectId: string, q: ReferralListQuery): Promise<ReferralPage> {
    const after = q.cursor === undefined ? undefined : decodeCursor(q.cursor);
    const rows = await repo.page(this.db, projectId, q.status, after, q.limit + 1).execute();
    const more = rows.length > q.limit;
    const page = more ? rows.slice(0, q.limit) : rows;
    const last = page[page.length - 1];
    return {
      referrals: page.map(referralView),
      nextCursor: more && last ? Buffer.from(JSON.stringify([Number(last.joined_at), last.id])).toString('base64url') : null,
    };
  }

  /**
   * The users a POST /event must lock beside its user: the referrer of the user's referral that a
   * qualifying event may still pay (read before the batch; a referral entered meanwhile is paid by
   * a payout unit of its own, decision 310).
   */
  async locksFor(projectId: string, userId: string, eventId: string): Promise<string[]> {
    const p = await this.programme(projectId);
    if (!p.active || p.eventId !== eventId) return [];
    const row = await repo.unqualifiedReferrerOf(this.db, projectId, userId).executeTakeFirst();
    return row?.referrer_id ? [row.referrer_id] : [];
  }

  /** A deleted user's links and fingerprint go; the rows (the other side's counts) stay. */
  async deleteUserData(projectId: string, userId: string): Promise<number> {
    const [a, b, c] = await Promise.all([
      repo.forgetReferee(this.db, projectId, userId).executeTakeFirst(),
      repo.forgetReferrer(this.db, projectId, userId).executeTakeFirst(),
      repo.deleteCode(this.db, projectId, userId).executeTakeFirst(),
    ]);
    return Number(a.numUpdatedRows) + Number(b.numUpdatedRows) + Number(c.numDeletedRows);
  }
}

function decodeCursor(cursor: string): { at: number; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [unknown, unknown];
    if (typeof at === 'number' && typeof id === 'string') return { at, id };
  } catch {
    // falls through
  }
  throw AppError.of('INVALID_CURSOR', 'cursor is not valid');
}
