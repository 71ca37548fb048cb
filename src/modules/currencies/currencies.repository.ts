import type { Queryable } from '../../platform/db/database.js';
import type { CurrenciesTable } from './currencies.tables.js';
import './currencies.tables.js';

/** SQL of the currency definitions; every query filters on project_id. */
export const currenciesRepository = {
  listQuery(db: Queryable, projectId: string) {
    return db.selectFrom('currencies').selectAll().where('project_id', '=', projectId).orderBy('created_at').orderBy('currency_id');
  },

  find(db: Queryable, projectId: string, currencyId: string): Promise<CurrenciesTable | undefined> {
    return db
      .selectFrom('currencies')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('currency_id', '=', currencyId)
      .executeTakeFirst();
  },

  count(db: Queryable, projectId: string): Promise<{ n: number | string | bigint } | undefined> {
    return db
      .selectFrom('currencies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirst();
  },

  /** Inserts unless the id is taken; returns whether it was inserted. */
  async insert(db: Queryable, row: CurrenciesTable): Promise<boolean> {
    const r = await db
      .insertInto('currencies')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'currency_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  async update(db: Queryable, row: CurrenciesTable): Promise<boolean> {
    const { project_id, currency_id, created_at: _created, ...set } = row;
    const r = await db
      .updateTable('currencies')
      .set(set)
      .where('project_id', '=', project_id)
      .where('currency_id', '=', currency_id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
};
