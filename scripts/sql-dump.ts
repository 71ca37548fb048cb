/**
 * npm run sql:dump: writes the SQL of every statement, on SQLite and on PostgreSQL, to
 * queries/sqlite/<module>.sql and queries/postgres/<module>.sql (decision 258). No database is
 * needed. test/sql/query-files.test.ts fails when the checked-in files differ from what this writes.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIALECTS, renderDump } from './sql-dump/dump.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const files = await renderDump(join(root, 'src'));
for (const dialect of DIALECTS) {
  const dir = join(root, 'queries', dialect);
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) if (name.endsWith('.sql')) rmSync(join(dir, name));
}
for (const [path, text] of files) writeFileSync(join(root, 'queries', path), text);
console.log(`sql:dump: wrote ${files.size} files to queries/`);
process.exit(0);
