import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { Statement } from '../../write-path/statement.js';
import { lifetimeEarnedQuery } from './points.sql.js';
import './lots.tables.js';
import './purses.tables.js';

/**
 * The points module's reads of the user routes (balance, wallet, history, notifications), compiled once
 * per store (decisions 269 and 333): a request builds no query. The repository (points.repository.ts)
 * runs them.
 */
type UserArgs = { projectId: string; userId: string };

/**
 * When the user's balance last changed by a ledger entry (points ≠ 0), or null: the rewards flag of the
 * notifications overview (a part of its one statement); a 0-point entry, e.g. over the limit, is no
 * reward. An entry's time is its write time, or — for pending points that became available — the time
 * they became available (decision 200): the entry was written earlier with 0 points and only then
 * changed the balance. The write path keeps it on the user's row (`rewards_at`, decision 347), so this
 * reads one row, not the user's ledger.
 */
export function lastEntryQuery(db: Kysely<DB>, a: UserArgs) {
  return db
    .selectFrom('users')
    .select(sql<number | null>`rewards_at`.as('last'))
    .where('project_id', '=', a.projectId)
    .where('user_id', '=', a.userId);
}

// Reads of the user routes (balance, wallet), compiled once (decision 269).
export const liveBalanceOf = new Statement<UserArgs, { points: number }>('balance of a live user', (db, a) => liveBalanceQuery(db, a));

function liveBalanceQuery(db: Kysely<DB>, a: UserArgs) {
  return db
    .selectFrom('users')
    .select('points')
    .where('project_id', '=', a.projectId)
    .where('user_id', '=', a.userId)
    .where('deleted_at', 'is', null);
}

/**
 * The wallet's points figures in one statement (decision 269): the live user's balance, the pending credits
 * and the lifetime earnings, each a scalar subquery (null balance: no live user).
 */
export const walletPointsOf = new Statement<
  UserArgs,
  { points: number | string | null; pending: number | string; earned: number | string }
>('points wallet of a user', (db, a) =>
  db.selectNoFrom([
    liveBalanceQuery(db, a).as('points'),
    pendingQuery(db, { projectId: a.projectId, userId: a.userId, currency: 'points' }).as('pending'),
    lifetimeEarnedQuery(db, a).as('earned'),
  ]),
);
// The wallet's reads of the other currencies, compiled once as well (decision 333 did the same for the statistics).
export const pendingByCurrencyOf = new Statement<UserArgs, { currency: string; total: number }>(
  'pending credits of a user per currency',
  (db, a) =>
    db
      .selectFrom('ledger')
      .select(['currency', (eb) => eb.fn.sum<number>('pending_points').as('total')])
      .where('project_id', '=', a.projectId)
      .where('user_id', '=', a.userId)
      .where(sql<boolean>`pending_points > 0`)
      .where('currency', '!=', 'points')
      .groupBy('currency'),
);
export const pursesOf = new Statement<UserArgs, { currency_id: string; balance: number; lifetime: number }>('purses of a user', (db, a) =>
  db
    .selectFrom('user_balances')
    .select(['currency_id', 'balance', 'lifetime'])
    .where('project_id', '=', a.projectId)
    .where('user_id', '=', a.userId),
);
export const currencyLotsOf = new Statement<UserArgs, { currency_id: string; earned_on: string; remaining: number }>(
  'currency lots of a user',
  (db, a) =>
    db
      .selectFrom('currency_lots')
      .select(['currency_id', 'earned_on', 'remaining'])
      .where('project_id', '=', a.projectId)
      .where('user_id', '=', a.userId),
);
export const pendingOfUser = new Statement<UserArgs & { currency: string }, { total: number }>('pending points of a user', (db, a) =>
  pendingQuery(db, a),
);

function pendingQuery(db: Kysely<DB>, a: UserArgs & { currency: string }) {
  return db
    .selectFrom('ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('pending_points'), sql<number>`0`).as('total'))
    .where('project_id', '=', a.projectId)
    .where('user_id', '=', a.userId)
    .where(sql<boolean>`pending_points > 0`)
    .where('currency', '=', a.currency);
}
export const lotsOf = new Statement<UserArgs, Pick<Selectable<DB['point_lots']>, 'earned_on' | 'remaining'>>('lots of a user', (db, a) =>
  db.selectFrom('point_lots').select(['earned_on', 'remaining']).where('project_id', '=', a.projectId).where('user_id', '=', a.userId),
);

type HistoryArgs = UserArgs & { afterAt: number; afterId: number; limit: number; currency: string };
/**
 * The columns a history entry is made of (history.ts): not the project, user or currency, which the request
 * knows, nor the lot or write time, which the entry does not show.
 */
const HISTORY_COLUMNS = [
  'l.entry_id',
  'l.type',
  'l.source_id',
  'l.points',
  'l.pending_points',
  'l.occurred_at',
  'l.date_key',
  'l.title',
  'l.description',
  'l.image',
  'l.available_at',
  'l.metadata',
] as const;
type HistoryRow = Pick<
  Selectable<DB['ledger']>,
  | 'entry_id'
  | 'type'
  | 'source_id'
  | 'points'
  | 'pending_points'
  | 'occurred_at'
  | 'date_key'
  | 'title'
  | 'description'
  | 'image'
  | 'available_at'
  | 'metadata'
> & { earlier: number };
/** The eight shapes of a history page (order, filter, first page or not), each compiled once (decision 269). */
const historyPages = new Map<string, Statement<HistoryArgs, HistoryRow>>();

export function historyPageStatement(dir: 'asc' | 'desc', showAll: boolean, paged: boolean): Statement<HistoryArgs, HistoryRow> {
  const key = `${dir} ${showAll} ${paged}`;
  let statement = historyPages.get(key);
  if (statement) return statement;
  statement = new Statement<HistoryArgs, HistoryRow>(`history page (${key})`, (db, a) => {
    let q = db
      .selectFrom('ledger as l')
      .select(HISTORY_COLUMNS)
      .select((eb) =>
        // Earlier entries (by write order) of the same source at the same millisecond, whatever the
        // page, sort or filter: it makes the id unique and stable (decision 082).
        eb
          .selectFrom('ledger as e')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('e.project_id', '=', 'l.project_id')
          .whereRef('e.user_id', '=', 'l.user_id')
          .whereRef('e.occurred_at', '=', 'l.occurred_at')
          .whereRef('e.type', '=', 'l.type')
          .whereRef('e.source_id', '=', 'l.source_id')
          .whereRef('e.entry_id', '<', 'l.entry_id')
          .whereRef('e.currency', '=', 'l.currency')
          .as('earlier'),
      )
      .where('l.project_id', '=', a.projectId)
      .where('l.user_id', '=', a.userId)
      .where('l.currency', '=', a.currency);
    // A pending credit (0 points until it is available) is listed with its points and status.
    if (!showAll) q = q.where((eb) => eb.or([eb('l.points', '!=', 0), eb('l.available_at', 'is not', null)]));
    if (paged) {
      const op = dir === 'asc' ? '>' : '<';
      q = q.where((eb) =>
        eb.or([eb('l.occurred_at', op, a.afterAt), eb.and([eb('l.occurred_at', '=', a.afterAt), eb('l.entry_id', op, a.afterId)])]),
      );
    }
    return q.orderBy('l.occurred_at', dir).orderBy('l.entry_id', dir).limit(a.limit);
  });
  historyPages.set(key, statement);
  return statement;
}
