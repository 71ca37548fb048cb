import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIALECTS, renderDump } from '../../scripts/sql-dump/dump.js';

/** Where SQL lives (docs/sql.md, decisions 257–261). */
const root = fileURLToPath(new URL('../..', import.meta.url));
const src = join(root, 'src');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out.sort();
}

describe('queries/*.sql', () => {
  it('are what npm run sql:dump writes (the SQL of every statement on both stores)', async () => {
    const expected = await renderDump(src);
    const stale: string[] = [];
    for (const [path, text] of expected) {
      const file = join(root, 'queries', path);
      if (!existsSync(file) || readFileSync(file, 'utf8') !== text) stale.push(path);
    }
    for (const dialect of DIALECTS) {
      const dir = join(root, 'queries', dialect);
      for (const name of existsSync(dir) ? readdirSync(dir) : []) {
        if (!expected.has(`${dialect}/${name}`)) stale.push(`${dialect}/${name} (no longer written)`);
      }
    }
    expect(stale, 'queries/ is stale: run npm run sql:dump and commit queries/').toEqual([]);
  });
});

/** A query-builder call, a `sql` template or a statement definition. */
const STATEMENT = new RegExp(
  [
    String.raw`\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(`,
    String.raw`\bsql(<[^\x60]*>)?\x60`,
    String.raw`new (Statement|RowsInsert|RowsAdd|RowsUpsert|KeyedSelect|KeyedUpdate)\b`,
  ].join('|'),
);

/**
 * Files outside `*.repository.ts` / `*.sql.ts` that may hold SQL, each with its reason. Only the
 * engine's own builders and the schema's history belong here.
 */
const ALLOWED: ReadonlyArray<[file: RegExp, reason: string, line?: RegExp]> = [
  // The engine's statement builders: they build statements from definitions, they define none.
  [/^write-path\/(rows(-\w+)?|statement)\.ts$/, 'the statement builders'],
  // Migrations are the schema's history, run once by migrate.ts; they are not statements of the service.
  [/^platform\/db\/migrations\//, 'migrations'],
  // The store's liveness probe (`select 1`), part of opening a store.
  [/^platform\/db\/database\.ts$/, 'ping', /^await sql`select 1`\.execute\(kysely\);$/],
  // The migrations' transaction-scoped lock (decision 280), part of running the migrations.
  [
    /^platform\/db\/migrate\.ts$/,
    'migration lock',
    /^await sql`select pg_advisory_xact_lock\(\$\{sql\.lit\(MIGRATION_LOCK\)\}\)`\.execute\(kysely\);$/,
  ],
  // A named transaction-scoped lock, the one place where PostgreSQL and SQLite differ in how to take it.
  [
    /^platform\/db\/dialect-sql\.ts$/,
    'named transaction lock',
    /^if \(dialect === 'postgres'\) await sql`select pg_advisory_xact_lock\(hashtext\(\$\{key\}::text\)\)`\.execute\(trx\);$/,
  ],
  // An instance's write lane (decision 357): a PostgreSQL sequence, no lane on SQLite.
  [
    /^platform\/db\/dialect-sql\.ts$/,
    'write lane',
    /^return \(await sql<\{ lane: number \}>`select nextval\('write_lanes'\)::int4 as lane`\.execute\(db\)\)\.rows\[0\]!\.lane;$/,
  ],
];

describe('SQL lives in repositories', () => {
  it('no query-builder call, sql template or statement definition outside *.repository.ts / *.sql.ts', () => {
    const found: string[] = [];
    for (const file of sourceFiles(src)) {
      const rel = relative(src, file).split(sep).join('/');
      if (/\.(repository|sql)(\.samples)?\.ts$/.test(rel)) continue;
      if (ALLOWED.some(([pattern, , line]) => !line && pattern.test(rel))) continue;
      const lines = ALLOWED.filter(([pattern, , line]) => line && pattern.test(rel)).map(([, , line]) => line!);
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (STATEMENT.test(line) && !lines.some((allowed) => allowed.test(line.trim())))
            found.push(`src/${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found, 'move these statements into the module’s *.repository.ts or *.sql.ts (docs/sql.md)').toEqual([]);
  });
});
