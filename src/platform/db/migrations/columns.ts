import type { CreateTableBuilder } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Column helpers whose SQL differs between SQLite and PostgreSQL. Everything else in a migration
 * is plain Kysely schema building and runs on both.
 */
export function withAutoId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
  column: string,
): CreateTableBuilder<T, never> {
  return dialect === 'sqlite'
    ? table.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn(column, 'bigserial', (c) => c.primaryKey());
}
