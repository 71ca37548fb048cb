import type { BatchSession } from './session.js';

/**
 * The write path's vocabulary (decision 070, docs/architecture.md). Everything that changes points —
 * an event, a redemption, a survey answer, an admin adjustment — is a unit; units are applied in
 * batches, one transaction per batch. Every module that keeps state about them takes part through
 * a participant (participant.ts), which gets one `BatchPart` per batch. A batch runs in four phases:
 *
 * 1. `load`: each part reads what the batch needs, one query per table for all its units (the
 *    leading part first: the ledger locks the batch's users in key order, so batches never deadlock
 *    on them);
 * 2. `apply`: units are decided one by one in arrival order, in memory, so each sees the effect of
 *    those before it exactly as if they had been applied one at a time;
 * 3. `write`: each part writes what was decided, each table once with set-based statements, shared
 *    counters summed per batch and written last;
 * 4. `afterCommit`: once the batch is durable, before any caller is answered (index updates).
 */
export interface WriteUnit {
  /** Which participant decides the unit: `event`, `redemption`, `survey-answer`, `adjustment`, … */
  readonly kind: string;
  readonly projectId: string;
  /** The user whose points the unit may change (locked for the batch). */
  readonly userId: string;
  /** Create the user in the batch when it does not exist (an event of a project with autoCreateUsers, decision 230). */
  readonly createUser?: boolean;
  /**
   * Other users of the same project the unit may credit (a referral pays the referrer): the ledger
   * locks them with the unit's user, in the same key order, so their entries are exact too.
   */
  readonly alsoLocks?: readonly string[];
}

/**
 * Every kind of unit, with what deciding one answers. Empty here: each module that decides a kind
 * adds it by declaration merging, beside its unit type:
 *
 *     declare module '../../write-path/write-batch.js' {
 *       interface WriteKinds { adjustment: { unit: AdjustmentUnit; result: Adjustment } }
 *     }
 *
 * so `WritePath.submit(unit)` answers the result type of the unit's kind, without a cast.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface WriteKinds {}

/** A kind of unit (`event`, `redemption`, …). */
export type UnitKind = keyof WriteKinds;
/** A unit of any kind (the discriminated union of every kind's unit). */
export type AnyUnit = WriteKinds[UnitKind]['unit'];
/** The unit type of a kind. */
export type UnitOf<K extends UnitKind> = WriteKinds[K]['unit'];
/** What deciding a unit answers. */
export type ResultOf<U> = U extends { kind: infer K extends UnitKind } ? WriteKinds[K]['result'] : never;

/**
 * Calls a participant makes to the parts of others during a batch, by name. Empty here: the module
 * that makes the call adds it (the events module: `event`, each logged event, in order), and a
 * participant answers it with `hooks` (participant.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface WriteHooks {}

export interface BatchPart<K extends UnitKind = never> {
  /** Reads the state the batch needs (phase 1). */
  load?(): Promise<void>;
  /**
   * A leading part's first step (`leads`, phase 1): sends what every other part's loads must run
   * behind (the ledger: the users' row locks) and resolves once it is sent, not answered; the other
   * parts' loads then go out behind it, and this part's `load` reads its answers (decision 354). A
   * leading part without it loads alone, before the others.
   */
  lock?(): Promise<void>;
  /**
   * Decides one unit of the participant's kind (phase 2), synchronously and in memory. Refuses it by
   * throwing an AppError before changing any state — the unit's first ledger entry must be its first
   * change. Any other error, or a refusal after that entry, fails the batch, whose units are then
   * applied one by one (the failing one in a transaction that is rolled back).
   */
  apply?(unit: UnitOf<K>): WriteKinds[K]['result'];
  /** Writes what the batch decided (phase 3). */
  write?(): Promise<void>;
  /** After the durable commit (phase 4). Must not throw. */
  afterCommit?(): Promise<void>;
}

/**
 * A fact a batch decided, for whoever reports what happened (webhooks, logs): published by the
 * part that decided it, in decision order, and written (if at all) in the same transaction.
 */
export interface BatchNotice {
  /** e.g. `points.changed`, `challenge.completed`, `streak.milestone_reached`, `offer.redeemed`, `survey.answered`. */
  type: string;
  projectId: string;
  userId: string;
  /** When it happened (the unit's effective time), ms. */
  occurredAt: number;
  data: Record<string, unknown>;
}

/**
 * A typed handle on the part of one participant in a batch: the participant's module keeps it and
 * exports an accessor (`ledgerIn(batch)`, `tiersIn(batch)`) so others read its decisions without
 * knowing the participant object or the batch's internals.
 */
export interface PartKey<P> {
  readonly name: string;
  /** Type only. */
  readonly part?: P;
}

/** A key for the part a participant named `name` has in each batch. */
export function partKey<P>(name: string): PartKey<P> {
  return { name };
}

/** What a batch needs to know of the participants taking part (participant.ts). */
export interface BatchMember {
  readonly name: string;
  readonly hooks?: { readonly [H in keyof WriteHooks]?: (part: never) => WriteHooks[H] };
}

/** One batch: its transaction, its units, and the parts of every participant. */
export class WriteBatch {
  private readonly parts = new Map<string, BatchPart<UnitKind>>();
  /** What the batch decided, in order (see BatchNotice). */
  readonly notices: BatchNotice[] = [];

  constructor(
    readonly session: BatchSession,
    readonly units: readonly AnyUnit[],
    /** The service's time when the batch started (ledger write times). */
    readonly now: number,
    /** The participants, in the order their parts run. */
    private readonly members: readonly BatchMember[] = [],
  ) {}

  /** Adds the part of a participant (the write path, once per participant, in order). */
  open<P extends BatchPart<UnitKind>>(name: string, part: P): P {
    this.parts.set(name, part);
    return part;
  }

  /** The part of a participant, or undefined when the write path has no such participant. */
  find<P>(key: PartKey<P>): P | undefined {
    return this.parts.get(key.name) as P | undefined;
  }

  /** The part of a participant the caller cannot work without (throws when there is none). */
  part<P>(key: PartKey<P>): P {
    const part = this.parts.get(key.name);
    if (part === undefined) throw new Error(`the write path has no participant ${key.name}`);
    return part as P;
  }

  /** The answers of every part to a hook, in participant order (made once per batch, by the caller). */
  hooks<H extends keyof WriteHooks>(hook: H): Array<WriteHooks[H]> {
    const calls: Array<WriteHooks[H]> = [];
    for (const m of this.members) {
      const make = m.hooks?.[hook] as ((part: BatchPart<UnitKind>) => WriteHooks[H]) | undefined;
      const part = this.parts.get(m.name);
      if (make && part) calls.push(make(part));
    }
    return calls;
  }

  /** Publishes a decided fact (read by parts that write later in the batch). */
  notify(notice: BatchNotice): void {
    this.notices.push(notice);
  }

  /** The units of one kind, in arrival order. */
  unitsOf<K extends UnitKind>(kind: K): Array<UnitOf<K>> {
    return this.units.filter((u): u is UnitOf<K> => u.kind === kind);
  }

  /** Every user the batch locks: each unit's user and those it names in `alsoLocks`, once each. */
  lockedUsers(): Array<{ projectId: string; userId: string }> {
    const users = new Map<string, { projectId: string; userId: string }>();
    for (const u of this.units) {
      users.set(userKey(u.projectId, u.userId), { projectId: u.projectId, userId: u.userId });
      for (const other of u.alsoLocks ?? []) users.set(userKey(u.projectId, other), { projectId: u.projectId, userId: other });
    }
    return [...users.values()];
  }

  /** Distinct project ids of the batch. */
  projects(): string[] {
    return [...new Set(this.units.map((u) => u.projectId))];
  }
}

/** A map key of a project's user. */
export function userKey(projectId: string, userId: string): string {
  return `${projectId}\u0000${userId}`;
}
