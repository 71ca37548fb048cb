/**
 * Set-based statements of the write path, each defined once and compiled for both stores
 * (decision 070: one SQL source): on PostgreSQL one statement handles every row of a batch, its rows
 * passed as one array per column and spread by `unnest`; on SQLite the same statement for one row
 * runs in a loop (prepared once; a loop of prepared statements is SQLite's fastest bulk write).
 */

export type { Columns, PgType, RowOf } from './rows-sql.js';
export { RowsInsert, type InsertDefinition } from './rows-insert.js';
export { KeyedSelect, KeyedUpdate, type KeyedDefinition } from './rows-keyed.js';
export { RowsAdd, type AddDefinition, type Deferred } from './rows-add.js';
export { RowsUpsert } from './rows-upsert.js';
