import { AppError } from '../../platform/errors.js';
import type { Queryable } from '../../platform/db/database.js';
import { startOfMonth } from '../../platform/time.js';
import { conditionsHold, type EventStagePart, type PipelineEvent, type PipelineOutcome } from '../events/index.js';
import { historyText, ledgerIn } from '../points/index.js';
import { userKey, type WriteBatch, type WriteUnit } from '../../write-path/write-batch.js';
import { capReason, DAY_MS, underCap, type Programme } from './referral-programme.js';
import { referralsRepository as repo } from './referrals.repository.js';
import type { Referral } from './referrals.schemas.js';
import type { ReferralsTable } from './referrals.tables.js';
import { numeric, referralView } from './referral-view.js';

/**
 * A referral unit: a referee entering a code (`join`: the unit's user is the referee, the code's
 * owner is in `alsoLocks`), an admin's decision on a flagged referral (`review`: the referee, with
 * the referrer in `alsoLocks`), or the referrer's reward of a referral that qualified in a batch
 * that did not hold the referrer (`payout`: the unit's user is the referrer).
 */
export type ReferralUnit = WriteUnit & { kind: 'referral' } & (
    | { action: 'join'; id: string; referrerId: string; code: string; fingerprint: string | null; refereeSince: number }
    | { action: 'review'; referralId: string; approve: boolean }
    | { action: 'payout'; referralId: string }
  );

declare module '../../write-path/write-batch.js' {
  interface WriteKinds {
    referral: { unit: ReferralUnit; result: Referral };
  }
}

/** Where the part reads a project's programme (the service's cache; a miss reads on the batch's transaction). */
export type ProgrammeSource = (batch: WriteBatch, projectId: string) => Promise<Programme>;

const TITLE = historyText({ en: 'Referral reward', de: 'Empfehlungsprämie' });

/**
 * The referrals' part of a batch (decision 310). Behind the locks of the batch's users it reads the
 * referrals of the referees the batch may touch, the fingerprints of the referrers codes were
 * entered for, and how many referrals each locked referrer has been paid; each join, review and
 * qualifying event is then decided in memory, so two referrals of one referrer — in one batch or in
 * two that wait on its lock — see each other's payment and the cap holds exactly.
 */
export class ReferralsBatch implements EventStagePart<'referral'> {
  private readonly programmes = new Map<string, Programme>();
  private readonly byId = new Map<string, ReferralsTable>();
  private readonly byReferee = new Map<string, ReferralsTable>();
  /** Referrer → fingerprints seen on its referees. */
  private readonly fingerprints = new Map<string, Set<string>>();
  /** Referrer → referrals paid (this month, in all). */
  private readonly paid = new Map<string, { month: number; total: number }>();
  /** Users who have done the qualifying event (stored, or earlier in the batch). */
  private readonly done = new Set<string>();
  private readonly inserted = new Set<string>();
  private readonly changed = new Set<string>();
  /** Referrals whose referrer's reward is left to a payout unit (the batch did not hold the referrer). */
  private readonly due: ReferralsTable[] = [];

  constructor(
    private readonly batch: WriteBatch,
    private readonly db: Queryable,
    private readonly programme: ProgrammeSource,
    private readonly submitPayout: (projectId: string, referrerId: string, referralId: string) => Promise<void>,
  ) {}

  async load(): Promise<void> {
    const work = new Map<string, { referees: Set<string>; ids: Set<string>; owners: Set<string>; referrers: Set<string> }>();
    const of = (projectId: string) => {
      let w = work.get(projectId);
      if (!w) work.set(projectId, (w = { referees: new Set(), ids: new Set(), owners: new Set(), referrers: new Set() }));
      return w;
    };
    for (const u of this.batch.units) {
      if (u.kind === 'event') {
        const p = await this.programmeOf(u.projectId);
        if (!p.active || u.event.definition.eventId !== p.eventId) continue;
        const w = of(u.projectId);
        w.referees.add(u.userId);
        for (const r of u.alsoLocks ?? []) w.referrers.add(r);
      } else if (u.kind === 'referral') {
        await this.programmeOf(u.projectId);
        const w = of(u.projectId);
        if (u.action === 'join') {
          w.referees.add(u.userId).add(u.referrerId);
          w.owners.add(u.referrerId);
        } else w.ids.add(u.referralId);
        w.referrers.add(u.userId);
        for (const r of u.alsoLocks ?? []) w.referrers.add(r);
      }
    }
    await Promise.all([...work].map(([projectId, w]) => this.loadProject(projectId, w)));
  }

  private async programmeOf(projectId: string): Promise<Programme> {
    let p = this.programmes.get(projectId);
    if (!p) this.programmes.set(projectId, (p = await this.programme(this.batch, projectId)));
    return p;
  }

  private async loadProject(
    projectId: string,
    w: { referees: Set<string>; ids: Set<string>; owners: Set<string>; referrers: Set<string> },
  ): Promise<void> {
    const p = this.programmes.get(projectId)!;
    const s = this.batch.session;
    const joiners = [...this.batch.units].filter((u) => u.kind === 'referral' && u.action === 'join' && u.projectId === projectId);
    const [rows, prints, counts, events] = await Promise.all([
      s.execute(repo.referrals(this.db, projectId, [...w.referees], [...w.ids])),
      w.owners.size === 0 ? [] : s.execute(repo.fingerprintsOf(this.db, projectId, [...w.owners])),
      w.referrers.size === 0 ? [] : s.execute(repo.paidCounts(this.db, projectId, [...w.referrers], startOfMonth(this.batch.now))),
      joiners.length === 0 ? [] : s.execute(repo.eventsOf(this.db, projectId, [...new Set(joiners.map((u) => u.userId))], p.eventId)),
    ]);
    for (const r of rows) {
      const row = numeric(r);
      this.byId.set(row.id, row);
      if (row.referee_id !== null) this.byReferee.set(userKey(projectId, row.referee_id), row);
    }
    for (const r of prints) this.printsOf(projectId, r.referrer_id!).add(r.fingerprint!);
    for (const r of counts) this.paid.set(userKey(projectId, r.referrer_id!), { month: Number(r.month ?? 0), total: Number(r.total) });
    for (const e of events) if (conditionsHold(p.conditions, JSON.parse(e.metadata))) this.done.add(userKey(projectId, e.user_id));
  }

  private printsOf(projectId: string, referrerId: string): Set<string> {
    const key = userKey(projectId, referrerId);
    let set = this.fingerprints.get(key);
    if (!set) this.fingerprints.set(key, (set = new Set()));
    return set;
  }

  apply(u: ReferralUnit): Referral {
    if (u.action === 'join') return this.join(u);
    const row = this.byId.get(u.referralId);
    if (!row) throw AppError.of('REFERRAL_NOT_FOUND', u.referralId);
    if (u.action === 'payout') {
      if (row.referrer_state === 'due') this.payReferrer(row, this.programmes.get(u.projectId)!, null);
      return referralView(row);
    }
    if (row.status !== 'flagged') throw AppError.of('REFERRAL_NOT_FLAGGED', `referral ${row.id} is ${row.status}, not flagged`);
    this.changed.add(row.id);
    if (!u.approve) row.status = 'rejected';
    else if (row.qualified_at === null) row.status = 'pending';
    else this.qualify(row, this.programmes.get(u.projectId)!, this.batch.now, [], null);
    return referralView(row);
  }

  private join(u: Extract<ReferralUnit, { action: 'join' }>): Referral {
    const ledger = ledgerIn(this.batch);
    ledger.requireLive(u.projectId, u.userId);
    const p = this.programmes.get(u.projectId)!;
    if (!p.active) throw AppError.of('REFERRAL_PROGRAMME_INACTIVE', 'the referral programme is not active');
    if (!ledger.isLive(u.projectId, u.referrerId)) throw AppError.of('REFERRAL_CODE_UNKNOWN', `code ${u.code} does not exist`);
    const key = userKey(u.projectId, u.userId);
    if (this.byReferee.has(key)) throw AppError.of('REFERRAL_ALREADY_JOINED', 'the user has already entered a referral code');
    if (this.done.has(key)) throw AppError.of('REFERRAL_AFTER_QUALIFYING', `the user has already sent ${p.eventId}`);
    const owners = this.byReferee.get(userKey(u.projectId, u.referrerId));
    if (owners?.referrer_id === u.userId) throw AppError.of('REFERRAL_CYCLE', `the owner of code ${u.code} was referred by this user`);
    const prints = this.printsOf(u.projectId, u.referrerId);
    const flagged = u.fingerprint !== null && (prints.has(u.fingerprint) || owners?.fingerprint === u.fingerprint);
    const row: ReferralsTable = {
      project_id: u.projectId,
      id: u.id,
      referrer_id: u.referrerId,
      referee_id: u.userId,
      code: u.code,
      fingerprint: u.fingerprint,
      status: flagged ? 'flagged' : 'pending',
      joined_at: this.batch.now,
      referee_since: u.refereeSince,
      qualified_at: null,
      referee_points: 0,
      referrer_points: 0,
      referrer_state: 'none',
      referrer_paid_at: null,
      currency: p.referrerReward.currency,
    };
    this.byId.set(row.id, row);
    this.byReferee.set(key, row);
    this.inserted.add(row.id);
    if (u.fingerprint !== null) prints.add(u.fingerprint);
    const data = { referralId: row.id, referrerId: u.referrerId, refereeId: u.userId };
    this.notify('referral.joined', row, { ...data, status: row.status });
    if (flagged) this.notify('referral.flagged', row, { ...data, reason: 'fingerprint seen on the referrer or another of its referees' });
    return referralView(row);
  }

  applyEvent(event: PipelineEvent, outcome: PipelineOutcome): void {
    const p = this.programmes.get(event.projectId);
    if (!p?.active || event.eventId !== p.eventId || !conditionsHold(p.conditions, event.metadata)) return;
    const key = userKey(event.projectId, event.userId);
    this.done.add(key);
    const row = this.byReferee.get(key);
    if (!row || row.qualified_at !== null || (row.status !== 'pending' && row.status !== 'flagged')) return;
    if (event.occurredAt > row.referee_since + p.withinDays * DAY_MS) return;
    this.changed.add(row.id);
    if (row.status === 'flagged') {
      row.qualified_at = event.occurredAt;
      outcome.notes.push(`referral ${row.id} is flagged: its rewards wait for an admin's approval`);
      return;
    }
    this.qualify(row, p, event.occurredAt, event.userGroups, outcome);
  }

  /** The referral qualifies: the referee's reward, then the referrer's (unless over its cap). */
  private qualify(row: ReferralsTable, p: Programme, at: number, groups: readonly string[], outcome: PipelineOutcome | null): void {
    const ledger = ledgerIn(this.batch);
    row.status = 'qualified';
    row.qualified_at ??= at;
    const referee = row.referee_id;
    if (referee !== null && p.refereeReward.points > 0 && ledger.isLive(row.project_id, referee)) {
      row.referee_points = ledger.record(this.entry(row, referee, p.refereeReward, at, groups, 'referee')).points;
    }
    this.payReferrer(row, p, outcome);
    this.notify('referral.qualified', row, {
      referralId: row.id,
      referrerId: row.referrer_id,
      refereeId: referee,
      refereePoints: row.referee_points,
      referrerPoints: row.referrer_points,
      referrerState: row.referrer_state,
      qualifiedAt: row.qualified_at,
    });
  }

  private payReferrer(row: ReferralsTable, p: Programme, outcome: PipelineOutcome | null): void {
    const ledger = ledgerIn(this.batch);
    const referrer = row.referrer_id;
    this.changed.add(row.id);
    if (referrer === null) {
      row.referrer_state = 'gone';
      return;
    }
    if (!ledger.holds(row.project_id, referrer)) {
      row.referrer_state = 'due';
      this.due.push(row);
      return;
    }
    if (!ledger.isLive(row.project_id, referrer)) {
      row.referrer_state = 'gone';
      return;
    }
    const key = userKey(row.project_id, referrer);
    const paid = this.paid.get(key) ?? { month: 0, total: 0 };
    if (!underCap(p, paid)) {
      row.referrer_state = 'capped';
      outcome?.notes.push(`referral ${row.id} qualified; referrer ${referrer} is over its ${capReason(p, paid)}: not paid`);
      return;
    }
    // The entry takes the qualifying event's time (as the referee's); the cap counts payments by when they were made.
    const at = row.qualified_at ?? this.batch.now;
    row.referrer_points =
      p.referrerReward.points > 0 ? ledger.record(this.entry(row, referrer, p.referrerReward, at, [], 'referrer')).points : 0;
    row.referrer_state = 'paid';
    row.referrer_paid_at = this.batch.now;
    row.currency = p.referrerReward.currency;
    this.paid.set(key, { month: paid.month + 1, total: paid.total + 1 });
    outcome?.notes.push(`referral ${row.id} qualified: referrer ${referrer} paid`);
  }

  private entry(
    row: ReferralsTable,
    userId: string,
    reward: Programme['refereeReward'],
    at: number,
    groups: readonly string[],
    role: string,
  ) {
    return {
      projectId: row.project_id,
      userId,
      type: 'REFERRAL' as const,
      sourceId: row.id,
      ...(reward.currency === 'points' ? {} : { currency: reward.currency }),
      points: reward.points,
      occurredAt: at,
      title: TITLE,
      description: historyText(role === 'referee' ? 'Joined with a referral code' : 'A referred member qualified'),
      metadata: { referralId: row.id, role },
      boardGroups: groups,
    };
  }

  private notify(type: string, row: ReferralsTable, data: Record<string, unknown>): void {
    const userId = row.referee_id ?? row.referrer_id ?? '';
    this.batch.notify({ type, projectId: row.project_id, userId, occurredAt: this.batch.now, data: { userId, ...data } });
  }

  async write(): Promise<void> {
    const s = this.batch.session;
    const fresh = [...this.inserted].map((id) => this.byId.get(id)!);
    const updated = [...this.changed].filter((id) => !this.inserted.has(id)).map((id) => this.byId.get(id)!);
    await Promise.all([
      fresh.length === 0 ? undefined : s.execute(repo.insertReferrals(this.db, fresh)),
      ...updated.map((row) => s.execute(repo.updateReferral(this.db, row))),
    ]);
  }

  /** Referrer rewards left to payout units go out once the batch is durable (decision 310). */
  async afterCommit(): Promise<void> {
    await Promise.all(this.due.map((row) => this.submitPayout(row.project_id, row.referrer_id!, row.id).catch(() => undefined)));
  }
}
