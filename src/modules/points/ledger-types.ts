import type { Queryable } from '../../platform/db/database.js';
import type { WriteBatch } from '../../write-path/write-batch.js';
import type { CurrencyCatalog, CurrencyDef } from '../currencies/index.js';
import type { LedgerEntryInput } from './ledger.js';
import type { HeldLots } from './ledger-lots.js';
import type { PendingCredit } from './ledger-pending.js';
import type { ExpiryPolicy } from './lots.js';

/** The types of the ledger's part of a batch (ledger-batch.ts). */

/** How a debit that does not fit the balance is handled: refused (`refuse`) or cut to what is there (`clamp`). */
export type DebitMode = 'refuse' | 'clamp';

/** A ledger entry decided in a batch. */
export interface BatchEntry extends LedgerEntryInput {
  /** The currency (decision 302); absent: `points`. */
  currency?: string;
  /** User groups (besides `default`) the entry counts for on leaderboards: those of the event that caused it. */
  boardGroups: readonly string[];
  /**
   * What the entry changes on the boards (and in tier windows) when that differs from the entry
   * itself: a REVERSAL takes the reversed points off the boards of the reversed entry's period.
   */
  board?: { points: number; occurredAt: number };
  /** A pending credit (decision 148): the entry is written with 0 points and these wait until `availableAt`. */
  pending?: { points: number; availableAt: number };
  /** A debit that takes from this lot first (a reversal: the reversed credit's own lot). */
  lotFirst?: string | null;
  /** Set by the ledger: the lot a credit went into. */
  lot?: string | null;
  /** Set by the ledger: the entry is a pending credit becoming available (its row is updated, not appended). */
  release?: PendingCredit;
}

/** Where the ledger reads a project's expiry setting (null: none of the project's points expire). */
export interface ExpirySource {
  policy(projectId: string, batch: WriteBatch): Promise<ExpiryPolicy | null>;
  /** The query builder of the store (the queries run on the batch's session). */
  readonly db: Queryable;
}

/** Where the ledger reads a project's currencies besides points (decision 302), on the batch's session. */
export interface CurrencySource {
  catalog(projectId: string, batch: WriteBatch): Promise<CurrencyCatalog>;
  /** The query builder of the store (the queries run on the batch's session). */
  readonly db: Queryable;
}

/** A level of a currency reached in the batch (decision 303). */
export interface LevelUp {
  projectId: string;
  userId: string;
  currency: string;
  level: number;
  threshold: number;
  title: Record<string, string>;
}

/**
 * The points an entry counts for on leaderboards and in tier windows, and when: every entry but
 * spending. Each currency has boards of its own (`currency`: the entry's).
 */
export function boardEffect(e: BatchEntry): { points: number; occurredAt: number; currency: string } | null {
  // Season prizes (SEASON) reward a board that has closed; they do not seed the next one (decision 162).
  // Expiry is not spending on the boards either: the points were earned (decision 146).
  if (e.type === 'REDEMPTION' || e.type === 'SEASON' || e.type === 'EXPIRY') return null;
  if (e.board && e.board.points === 0) return null;
  const { points, occurredAt } = e.board ?? e;
  return { points, occurredAt, currency: e.currency ?? 'points' };
}

export interface Balance extends HeldLots {
  projectId: string;
  userId: string;
  points: number;
  live: boolean;
  changed: boolean;
  /** The user's IANA time zone (its calendar for streak periods and event limits). */
  timeZone: string;
  /** users.last_active_at as loaded (null: never active). */
  lastActiveAt: number | null;
  /** users.rewards_at as loaded, then moved by the batch's entries (decision 347); null: never got points. */
  rewardsAt: number | null;
  /** Whether the batch moved `rewardsAt` (the row is then written even when no points balance changed). */
  rewardsMoved: boolean;
  /** users.created_at and users.attributes (JSON text) as loaded: read by segment rules at event time. */
  createdAt: number;
  attributes: string | null;
  /** Whether the batch recorded something the user did (any entry but an admin adjustment). */
  active: boolean;
  /** The user's other currencies (null: the project has none). */
  purses: Purses;
  /**
   * The batch inserted the user's row (autoCreateUsers): the user becomes live only when a unit that
   * may create it is applied (`createIfWanted`), so units before it see no user, as one by one.
   */
  inserted: boolean;
}

/**
 * A batch user's holding of one currency other than `points` (decision 302): its balance, its lifetime
 * earnings (levels) and its lots (expiry), read with the user's lock and written once per batch. The
 * points balance stays on the users row; a project without other currencies opens no purses and
 * sends none of these statements.
 */
export interface Purse extends HeldLots {
  def: CurrencyDef;
  balance: number;
  lifetime: number;
  /** Whether the row exists (update) or not (insert). */
  stored: boolean;
  changed: boolean;
}

/** A user's purses by currency id (null: the project has no other currencies). */
export type Purses = Map<string, Purse> | null;
