import type { PipelineEvent } from '../events/index.js';
import { EARNING_TYPES, ledgerIn } from '../points/index.js';
import { tiersIn } from '../tiers/index.js';
import type { Queryable } from '../../platform/db/database.js';
import type { WriteBatch } from '../../write-path/write-batch.js';
import { loadFacts, type LoadedFacts } from './segment-facts.js';
import { isMember, needsOf, type Segment, type UserFacts } from './segment-rules.js';

const EARNING = new Set<string>(EARNING_TYPES);
const key = (projectId: string, userId: string) => `${projectId}\u0000${userId}`;

/** Where the audience reads a project's segments (the service's cache, on the batch's session). */
export type SegmentDefinitions = (batch: WriteBatch, projectId: string) => Promise<ReadonlyMap<string, Segment>>;

/**
 * Segment membership at event time in a write batch (decision 320), for the campaigns stage. `load`
 * reads, once per batch and kind of data, only what the rules of the segments asked for name, for
 * the users of the project's events; balances and lifetime earnings of other currencies come from
 * the ledger's part, tiers from the tiers part. A user is a member *before* the event: the ledger's
 * entries from the event's mark on (its own reward and what stages paid for it) are taken off, and
 * earlier events of the batch count (`seen`), so a batch decides as the same events one by one.
 */
export class BatchAudience {
  private readonly segments = new Map<string, ReadonlyMap<string, Segment>>();
  private readonly facts = new Map<string, LoadedFacts>();
  /** Stored lifetime points per user (before the batch), when a rule names lifetime.points. */
  private readonly storedLifetime = new Map<string, number>();
  private readonly lifetimePoints = new Set<string>();
  /** Per project: the currencies its segments' balance and lifetime rules name (read from the ledger's part). */
  private readonly currencies = new Map<string, ReadonlySet<string>>();

  constructor(
    private readonly batch: WriteBatch,
    /** The store's Kysely (the queries' dialect); they run in the batch's session. */
    private readonly db: Queryable,
    private readonly definitions: SegmentDefinitions,
  ) {}

  /** Loads what the segments named need for the project's users; `earliest`: the first event time of the batch. */
  async load(projectId: string, segmentIds: readonly string[], userIds: readonly string[], earliest: number): Promise<void> {
    const all = await this.definitions(this.batch, projectId);
    const wanted = new Map<string, Segment>();
    for (const id of segmentIds) {
      const s = all.get(id);
      if (s) wanted.set(id, s);
    }
    this.segments.set(projectId, wanted);
    if (wanted.size === 0) return;
    const needs = needsOf(wanted.values());
    this.currencies.set(projectId, new Set(['points', ...needs.balances, ...needs.lifetimes]));
    const ledger = ledgerIn(this.batch);
    await ledger.load(); // the user rows, read with their lock (decision 354)
    const loaded = await loadFacts(
      this.db,
      (q) => this.batch.session.execute(q),
      projectId,
      userIds,
      needs,
      earliest,
      false,
      (u) => ledger.userRow(projectId, u),
    );
    if (needs.lifetimes.has('points')) this.lifetimePoints.add(projectId);
    for (const [userId, f] of loaded) {
      this.facts.set(key(projectId, userId), f);
      this.storedLifetime.set(key(projectId, userId), f.lifetime.get('points') ?? 0);
    }
  }

  /** The facts before the last event asked about: every campaign with a segment asks for the same event. */
  private last: { event: PipelineEvent; facts: UserFacts } | null = null;

  /** Whether the event's user was in the segment just before the event (false for a segment gone meanwhile). */
  isMember(event: PipelineEvent, segmentId: string): boolean {
    const segment = this.segments.get(event.projectId)?.get(segmentId);
    const f = this.facts.get(key(event.projectId, event.userId));
    if (!segment || !f) return false;
    // Decided by the same stage before the next event: the ledger has not moved in between.
    if (this.last?.event !== event) this.last = { event, facts: this.before(event, f) };
    return isMember(segment, this.last.facts, event.occurredAt);
  }

  /** The user's facts before the event: the ledger's balances less the entries from the event's mark on. */
  private before(event: PipelineEvent, f: LoadedFacts): UserFacts {
    const ledger = ledgerIn(this.batch);
    const entries = ledger.entries;
    const balance = new Map<string, number>();
    const lifetime = new Map<string, number>();
    for (const c of this.currencies.get(event.projectId) ?? ['points']) {
      balance.set(c, ledger.balanceIn(event.projectId, event.userId, c));
      lifetime.set(c, c === 'points' ? 0 : ledger.lifetimeIn(event.projectId, event.userId, c));
    }
    let activeBefore = false;
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!;
      if (e.projectId !== event.projectId || e.userId !== event.userId) continue;
      const c = e.currency ?? 'points';
      const earned = e.points > 0 && EARNING.has(e.type) ? e.points : 0;
      if (i < event.ledgerMark) {
        if (e.type !== 'ADJUSTMENT' && e.type !== 'EXPIRY' && !e.release) activeBefore = true;
        // Points' lifetime is the stored sum plus what the batch earned before the event.
        if (c === 'points') lifetime.set('points', lifetime.get('points')! + earned);
        continue;
      }
      if (balance.has(c)) balance.set(c, balance.get(c)! - e.points);
      if (c !== 'points' && lifetime.has(c)) lifetime.set(c, lifetime.get(c)! - earned);
    }
    if (this.lifetimePoints.has(event.projectId)) {
      lifetime.set('points', lifetime.get('points')! + (this.storedLifetime.get(key(event.projectId, event.userId)) ?? 0));
    }
    return {
      ...f,
      tierId: tiersIn(this.batch)?.tierOf(event.projectId, event.userId)?.tierId ?? null,
      balance,
      lifetime,
      lastActiveAt: activeBefore ? this.batch.now : f.lastActiveAt,
    };
  }

  /** Counts the event for the user's later events in the batch (its groups, its time). Call for every event, after deciding it. */
  seen(event: PipelineEvent): void {
    const f = this.facts.get(key(event.projectId, event.userId));
    if (!f) return;
    for (const g of event.userGroups) f.groups.add(g);
    const list = f.eventTimes.get(event.eventId);
    if (list) list.push(event.occurredAt);
    else f.eventTimes.set(event.eventId, [event.occurredAt]);
  }
}
