import type { BatchSession, SqlSession } from '../../write-path/session.js';
import { pendingOfUsers, settlePending } from './points.sql.js';

/**
 * The ledger's pending credits (decision 148): an entry whose points wait until `availableAt`. The
 * batch users' pending credits are read with their lock; due ones are released when the batch loads
 * (ledger-batch.ts: settle), a reversal may cancel one, and each settled row is updated once.
 */

/** A pending credit of a user the batch holds (loaded with the user's row lock). */
export interface PendingCredit {
  entryId: number;
  projectId: string;
  userId: string;
  type: string;
  sourceId: string;
  /** The currency of the credit (decision 302). */
  currency: string;
  points: number;
  occurredAt: number;
  availableAt: number;
  boardGroups: readonly string[];
  state: 'pending' | 'released' | 'canceled';
  /** The lot it went into when released. */
  lot: string | null;
}

const pendingKey = (projectId: string, userId: string, entryId: number) => `${projectId}\u0000${userId}\u0000${entryId}`;

/** The pending credits of a batch's users. */
export class PendingCredits {
  private readonly held = new Map<string, PendingCredit>();

  /** Reads the pending credits of a project's users (sent with the other reads behind the lock). */
  query(session: SqlSession, keys: ReadonlyArray<{ project_id: string; user_id: string }>) {
    return pendingOfUsers.run(session, keys);
  }

  /** Takes the rows `query` read. */
  read(projectId: string, rows: Awaited<ReturnType<PendingCredits['query']>>): void {
    for (const r of rows) {
      const meta = r.metadata ? (JSON.parse(r.metadata) as { boardGroups?: string[] }) : {};
      this.held.set(pendingKey(projectId, r.user_id, Number(r.entry_id)), {
        entryId: Number(r.entry_id),
        projectId,
        userId: r.user_id,
        type: r.type,
        sourceId: r.source_id,
        currency: (r.currency as unknown as string | null) ?? 'points',
        points: Number(r.pending_points),
        occurredAt: Number(r.occurred_at),
        availableAt: Number(r.available_at),
        boardGroups: meta.boardGroups ?? [],
        state: 'pending',
        lot: null,
      });
    }
  }

  /** Every pending credit held (in the order read; released and cancelled ones too). */
  values(): IterableIterator<PendingCredit> {
    return this.held.values();
  }

  /** A pending credit of a batch user (pending, released in this batch, or cancelled in it), by its entry id. */
  get(projectId: string, userId: string, entryId: number): PendingCredit | undefined {
    return this.held.get(pendingKey(projectId, userId, entryId));
  }

  /** Cancels a pending credit (a reversal): it never becomes available. */
  cancel(credit: PendingCredit): void {
    if (credit.state !== 'pending') throw new Error('only a pending credit can be cancelled');
    credit.state = 'canceled';
  }

  /** Updates the rows of the credits released or cancelled in the batch. */
  write(session: BatchSession): Promise<void> {
    return settlePending.later(
      session,
      [...this.held.values()]
        .filter((p) => p.state !== 'pending')
        .map((p) => ({
          project_id: p.projectId,
          user_id: p.userId,
          entry_id: p.entryId,
          points: p.state === 'released' ? p.points : 0,
          pending_points: 0,
          lot: p.lot,
        })) as never,
    );
  }
}
