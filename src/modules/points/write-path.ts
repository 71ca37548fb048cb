import { AppError } from '../../http/errors.js';
import { claimHeld, claimLost, lockClaims, storeResponses, type IdempotencyClaim } from '../../http/idempotency.js';
import {
  BatchCommitter,
  type BatchResult,
  type CommitterOptions,
  type CommitterStats,
  type UnitOutcome,
} from '../../platform/db/batch-committer.js';
import type { SqlSession } from '../../platform/db/session.js';
import type { Platform } from '../../platform/platform.js';
import { ExpirySettings } from './expiry-settings.js';
import { LedgerBatch } from './ledger-batch.js';
import { WriteBatch, type BatchPart, type WriteParticipant, type WriteUnit } from './write-batch.js';

/**
 * What the committer takes: the units of one request, always applied in the same batch (a bulk
 * request's units are never split), with the request's Idempotency-Key claim. The response built
 * by `respond` is stored for the claim in the batch's transaction: a repeat after a crash then
 * finds it exactly when the work committed, and otherwise finds no effect at all.
 */
interface WriteItem {
  units: readonly WriteUnit[];
  claim: IdempotencyClaim | null;
  /** The response to store for the claim, from the units' outcomes (undefined: store none here). */
  respond: (outcomes: Array<UnitOutcome<unknown>>) => { statusCode: number; body: unknown } | undefined;
}

/**
 * The one write path (decision 070): every unit that changes points goes through here and is
 * applied in batches by the BatchCommitter. The participants are fixed once, when the services
 * are wired (`use`), in the order their parts load and write: the ledger first, then the modules in
 * the order given (per-user rows before rows that every batch shares).
 */
export class WritePath {
  private readonly committer: BatchCommitter<WriteItem, Array<UnitOutcome<unknown>>>;
  private readonly deciders = new Map<string, WriteParticipant>();
  private list: readonly WriteParticipant[] | null = null;
  /** Each project's points expiry setting, read by the ledger part of every batch. */
  readonly expiry: ExpirySettings;

  constructor(
    private readonly platform: Platform,
    options: CommitterOptions = {},
  ) {
    this.expiry = new ExpirySettings(platform);
    this.committer = new BatchCommitter(platform.db, (session, items) => this.applyBatch(session, items), platform.log, options);
  }

  /** Sets the participants, once. */
  use(participants: readonly WriteParticipant[]): void {
    if (this.list) throw new Error('the write path participants are already set');
    for (const p of participants) {
      if (!p.kind) continue;
      if (this.deciders.has(p.kind)) throw new Error(`two participants decide units of kind ${p.kind}`);
      this.deciders.set(p.kind, p);
    }
    this.list = Object.freeze([...participants]);
  }

  /** The participants in the order their parts run. */
  get participants(): readonly WriteParticipant[] {
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
  async submit<R>(unit: WriteUnit, claim: IdempotencyClaim | null = null, statusCode = 200): Promise<R> {
    const [outcome] = await this.submitGroup([unit], claim, ([o]) => (o!.ok ? { statusCode, body: o!.value } : undefined));
    if (!outcome!.ok) throw outcome!.error;
    return outcome!.value as R;
  }

  /**
   * Applies units together, in this order, in one batch (a bulk request); resolves with the
   * outcome of each. With `claim`, `respond` builds the request's response from the outcomes and it
   * is stored in the same transaction.
   */
  submitGroup(
    units: readonly WriteUnit[],
    claim: IdempotencyClaim | null = null,
    respond: WriteItem['respond'] = () => undefined,
  ): Promise<Array<UnitOutcome<unknown>>> {
    for (const u of units)
      if (!this.deciders.has(u.kind)) return Promise.reject(new Error(`no participant decides units of kind ${u.kind}`));
    return this.committer.submit({ units, claim, respond });
  }

  /** Applies what is queued and refuses new units (service shutdown). */
  close(): Promise<void> {
    return this.committer.close();
  }

  private async applyBatch(session: SqlSession, items: readonly WriteItem[]): Promise<BatchResult<Array<UnitOutcome<unknown>>>> {
    const units = items.flatMap((item) => item.units);
    const batch = new WriteBatch(session, units, this.platform.clock.now());
    const ledger = batch.part<LedgerBatch>(LEDGER);
    ledger.expiry = this.expiry;
    const parts: BatchPart[] = [ledger, ...this.participants.map((p) => batch.part(p))];
    await ledger.load();
    const [held] = await Promise.all([this.lockClaims(session, items), ...parts.slice(1).map((part) => part.load?.())]);

    const responses: Array<Parameters<typeof storeResponses.run>[1][number]> = [];
    const outcomes: Array<UnitOutcome<Array<UnitOutcome<unknown>>>> = [];
    for (const [i, item] of items.entries()) {
      if (item.claim && !held[i]) {
        outcomes.push({ ok: false, error: claimLost() });
        continue;
      }
      const results: Array<UnitOutcome<unknown>> = [];
      for (const unit of item.units) {
        results.push(this.decide(batch, ledger, unit));
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
    await Promise.all([...parts.map((part) => part.write?.()), storeResponses.run(session, responses)]);
    return {
      outcomes,
      afterCommit: async () => {
        for (const part of parts) await part.afterCommit?.();
      },
    };
  }

  private decide(batch: WriteBatch, ledger: LedgerBatch, unit: WriteUnit): UnitOutcome<unknown> {
    const part = batch.part(this.deciders.get(unit.kind)!);
    const entries = ledger.entries.length;
    try {
      return { ok: true, value: part.apply!(unit) };
    } catch (error) {
      // A refusal made before the unit changed anything (its first ledger entry is its first
      // change) fails only the unit. Anything else fails the batch: the committer then applies
      // each request alone, and this one fails in a transaction that is rolled back.
      if (error instanceof AppError && ledger.entries.length === entries) return { ok: false, error };
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

/** The ledger takes part in every batch, first. */
export const LEDGER: WriteParticipant = { name: 'ledger', begin: (batch) => new LedgerBatch(batch) };

/** The ledger part of a batch (every participant records points through it). */
export function ledgerOf(batch: WriteBatch): LedgerBatch {
  return batch.part<LedgerBatch>(LEDGER);
}
