import { AppError } from '../platform/errors.js';
import type { Platform } from '../platform/platform.js';
import { BatchCommitter, type BatchResult, type CommitterOptions, type CommitterStats, type UnitOutcome } from './batch-committer.js';
import { lockClaims, storeResponses } from './idempotency-keys.repository.js';
import { claimHeld, claimLost, type IdempotencyClaim } from './idempotent-response.js';
import { orderParticipants, type AnyParticipant } from './participant.js';
import type { BatchSession, SqlSession } from './session.js';
import { WriteBatch, type AnyUnit, type BatchPart, type ResultOf, type UnitKind } from './write-batch.js';

type Part = BatchPart<UnitKind>;

/**
 * What the committer takes: the units of one request, always applied in the same batch (a bulk
 * request's units are never split), with the request's Idempotency-Key claim. The response built
 * by `respond` is stored for the claim in the batch's transaction: a repeat after a crash then
 * finds it exactly when the work committed, and otherwise finds no effect at all.
 */
interface WriteItem {
  units: readonly AnyUnit[];
  claim: IdempotencyClaim | null;
  /** The response to store for the claim, from the units' outcomes (undefined: store none here). */
  respond: (outcomes: Array<UnitOutcome<unknown>>) => { statusCode: number; body: unknown } | undefined;
}

/**
 * The one write path (decision 070): every unit that changes points goes through here and is
 * applied in batches by the BatchCommitter. The participants are given once, when the services are
 * wired (`use`); they run in the order their declarations give (participant.ts: `orderParticipants`).
 */
export class WritePath {
  private readonly committer: BatchCommitter<WriteItem, Array<UnitOutcome<unknown>>>;
  private readonly deciders = new Map<string, AnyParticipant>();
  private list: readonly AnyParticipant[] | null = null;
  /** How many participants load alone, first (`leads`). */
  private leading = 0;
  /** Per participant in order: whether its part writes once the others' writes are answered (`writesLast`). */
  private last: readonly boolean[] = [];
  /** The participant that counts the batch's changes (`changes`), if any. */
  private counter: AnyParticipant | null = null;

  constructor(
    private readonly platform: Platform,
    options: CommitterOptions = {},
  ) {
    this.committer = new BatchCommitter(platform.db, (session, items) => this.applyBatch(session, items), platform.log, options);
  }

  /** Sets the participants, once: orders them, and refuses an unknown name, a cycle, or two deciders of a kind. */
  use(participants: readonly AnyParticipant[]): void {
    if (this.list) throw new Error('the write path participants are already set');
    const ordered = orderParticipants(participants);
    for (const p of ordered) {
      if (p.changes) {
        if (this.counter) throw new Error(`two write path participants count changes: ${this.counter.name} and ${p.name}`);
        this.counter = p;
      }
      if (!p.kind) continue;
      if (this.deciders.has(p.kind)) throw new Error(`two participants decide units of kind ${p.kind}`);
      this.deciders.set(p.kind, p);
    }
    this.leading = ordered.filter((p) => p.leads).length;
    this.last = ordered.map((p) => p.writesLast === true);
    this.list = Object.freeze(ordered);
  }

  /** The participants in the order their parts run. */
  get participants(): readonly AnyParticipant[] {
    return this.list ?? [];
  }

  /** Batches, units, retries and splits so far (GET /metrics). */
  get stats(): CommitterStats {
    return this.committer.stats;
  }

  /**
   * Applies a unit (in a batch with whatever else is waiting); resolves with what its participant
   * decided, or rejects with its refusal. With `claim`, a decided value is stored as the request's
   * response (status 200, or `statusCode`) in the same transaction.
   */
  async submit<U extends AnyUnit>(unit: U, claim: IdempotencyClaim | null = null, statusCode = 200): Promise<ResultOf<U>> {
    const [outcome] = await this.submitGroup([unit], claim, ([o]) => (o!.ok ? { statusCode, body: o!.value } : undefined));
    if (!outcome!.ok) throw outcome!.error;
    return outcome!.value;
  }

  /**
   * Applies units together, in this order, in one batch (a bulk request); resolves with the
   * outcome of each. With `claim`, `respond` builds the request's response from the outcomes and it
   * is stored in the same transaction.
   */
  submitGroup<U extends AnyUnit>(
    units: readonly U[],
    claim: IdempotencyClaim | null = null,
    respond: (outcomes: Array<UnitOutcome<ResultOf<U>>>) => { statusCode: number; body: unknown } | undefined = () => undefined,
  ): Promise<Array<UnitOutcome<ResultOf<U>>>> {
    for (const u of units)
      if (!this.deciders.has(u.kind)) return Promise.reject(new Error(`no participant decides units of kind ${u.kind}`));
    // The outcomes of a unit are what its kind's participant decided (`decide`): typed by the kind.
    return this.committer.submit({ units, claim, respond: respond as WriteItem['respond'] }) as Promise<Array<UnitOutcome<ResultOf<U>>>>;
  }

  /** Applies what is queued and refuses new units (service shutdown). */
  close(): Promise<void> {
    return this.committer.close();
  }

  private async applyBatch(session: BatchSession, items: readonly WriteItem[]): Promise<BatchResult<Array<UnitOutcome<unknown>>>> {
    const units = items.flatMap((item) => item.units);
    const participants = this.participants;
    const batch = new WriteBatch(session, units, this.platform.clock.now(), participants);
    const parts: Part[] = participants.map((p) => batch.open(p.name, p.begin(batch)));
    const counter = this.counter;
    // The counting part's type is its participant's: the write path only hands it back.
    const changes = counter ? (counter.changes as (part: Part) => number) : null;
    const counted = counter ? batch.part<Part>({ name: counter.name }) : null;
    // The leading parts send their locks (`lock`), or load alone; every other load goes out behind them.
    const leading = this.leading;
    for (let i = 0; i < leading; i++) await (parts[i]!.lock ? parts[i]!.lock!() : parts[i]!.load?.());
    const [held] = await Promise.all([
      this.lockClaims(session, items),
      ...parts.map((part, i) => (i >= leading || part.lock ? part.load?.() : undefined)),
    ]);

    const responses: Array<Parameters<typeof storeResponses.run>[1][number]> = [];
    const outcomes: Array<UnitOutcome<Array<UnitOutcome<unknown>>>> = [];
    for (const [i, item] of items.entries()) {
      if (item.claim && !held[i]) {
        outcomes.push({ ok: false, error: claimLost() });
        continue;
      }
      const results: Array<UnitOutcome<unknown>> = [];
      for (const unit of item.units) {
        results.push(this.decide(batch, changes, counted, unit));
        // A bulk request's 1,000 units: the event loop gets a turn between slices (decision 217).
        if (session.slice.due()) await session.slice.next();
      }
      const response = item.claim ? item.respond(results) : undefined;
      if (item.claim && response) {
        const { projectId, principal, key } = item.claim;
        responses.push({
          project_id: projectId,
          principal,
          idem_key: key,
          status_code: response.statusCode,
          response_body: JSON.stringify(response.body),
          content_type: 'application/json; charset=utf-8',
        });
      }
      outcomes.push({ ok: true, value: results });
    }
    // Parts that write last (`writesLast`) start once the others' writes are answered: what they send
    // unanswered (`later`) then leaves with the COMMIT, and the rows it locks are held for no round trip.
    const last = this.last;
    await Promise.all([...parts.map((part, i) => (last[i] ? undefined : part.write?.())), storeResponses.later(session, responses)]);
    await Promise.all(parts.flatMap((part, i) => (last[i] && part.write ? [part.write()] : [])));
    return {
      outcomes,
      afterCommit: async () => {
        for (const part of parts) await part.afterCommit?.();
      },
    };
  }

  private decide(batch: WriteBatch, changes: ((part: Part) => number) | null, counted: Part | null, unit: AnyUnit): UnitOutcome<unknown> {
    const part = batch.part<Part>(this.deciders.get(unit.kind)!);
    const before = changes ? changes(counted!) : 0;
    try {
      return { ok: true, value: part.apply!(unit) };
    } catch (error) {
      // A refusal made before the unit changed anything (for the ledger: its first entry is its
      // first change) fails only the unit. Anything else fails the batch: the committer then
      // applies each request alone, and this one fails in a transaction that is rolled back.
      if (error instanceof AppError && (changes ? changes(counted!) : 0) === before) return { ok: false, error };
      throw error;
    }
  }

  /** Locks the claims of the batch's requests; per item, whether its claim (if any) is still its own. */
  private async lockClaims(session: SqlSession, items: readonly WriteItem[]): Promise<boolean[]> {
    const claims = items.map((item) => item.claim).filter((c): c is IdempotencyClaim => c !== null);
    if (claims.length === 0) return items.map(() => true);
    const rows = await lockClaims.run(
      session,
      claims.map((c) => ({ project_id: c.projectId, principal: c.principal, idem_key: c.key })),
    );
    const byKey = new Map(rows.map((r) => [`${r.project_id}\u0000${r.principal}\u0000${r.idem_key}`, r]));
    return items.map(
      (item) =>
        !item.claim || claimHeld(byKey.get(`${item.claim.projectId}\u0000${item.claim.principal}\u0000${item.claim.key}`), item.claim),
    );
  }
}
