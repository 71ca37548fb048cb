import type { SqlSession } from '../../platform/db/session.js';

/**
 * The write path's vocabulary (decision 070). Everything that changes points — an event, a
 * redemption, a survey answer, an admin adjustment — is a unit; units are applied in batches, one
 * transaction per batch. Every module that keeps state about them takes part through a
 * `WriteParticipant`, which gets one `BatchPart` per batch. A batch runs in four phases:
 *
 * 1. `load`: each part reads what the batch needs, one query per table for all its units (the
 *    ledger first: it locks the batch's users in key order, so batches never deadlock on them);
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
}

export interface BatchPart {
  /** Reads the state the batch needs (phase 1). */
  load?(): Promise<void>;
  /**
   * Decides one unit of the participant's kind (phase 2), synchronously and in memory. Refuses it by
   * throwing an AppError before changing any state — the unit's first ledger entry must be its first
   * change. Any other error, or a refusal after that entry, fails the batch, whose units are then
   * applied one by one (the failing one in a transaction that is rolled back).
   */
  apply?(unit: WriteUnit): unknown;
  /** Writes what the batch decided (phase 3). */
  write?(): Promise<void>;
  /** After the durable commit (phase 4). Must not throw. */
  afterCommit?(): Promise<void>;
}

export interface WriteParticipant {
  readonly name: string;
  /** The unit kind this participant decides, if it decides one. */
  readonly kind?: string;
  begin(batch: WriteBatch): BatchPart;
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

/** One batch: its transaction, its units, and the parts of every participant. */
export class WriteBatch {
  private readonly parts = new Map<WriteParticipant, BatchPart>();
  /** What the batch decided, in order (see BatchNotice). */
  readonly notices: BatchNotice[] = [];

  constructor(
    readonly session: SqlSession,
    readonly units: readonly WriteUnit[],
    /** The service's time when the batch started (ledger write times). */
    readonly now: number,
  ) {}

  /** The batch part of a participant, created on first use. */
  part<P extends BatchPart>(participant: WriteParticipant): P {
    let part = this.parts.get(participant);
    if (!part) this.parts.set(participant, (part = participant.begin(this)));
    return part as P;
  }

  /** Publishes a decided fact (read by parts that write later in the batch). */
  notify(notice: BatchNotice): void {
    this.notices.push(notice);
  }

  /** The units of one kind, in arrival order. */
  unitsOf<U extends WriteUnit>(kind: string): U[] {
    return this.units.filter((u) => u.kind === kind) as U[];
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
