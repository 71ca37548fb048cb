import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Only the users module (liveness, profiles) and the points module (the balance column) touch the
 * `users` table; every other module asks UsersService (decision 080). Checked over the source.
 */
const SRC = join(import.meta.dirname, '../..');
const OWNERS = ['modules/users/', 'modules/points/', 'platform/db/migrations/'];
/** A Kysely call on `users`, or raw SQL naming it inside a string or template (not prose in comments). */
const TOUCHES_USERS = new RegExp(
  String.raw`\b(?:selectFrom|updateTable|insertInto|deleteFrom|innerJoin|leftJoin)\(\s*['"]users(?: as \w+)?['"]` +
    String.raw`|[${'`'}'"][^${'`'}'"\n]*\b(?:from|update|into|join)\s+"?users"?\b`,
  'i',
);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the users table', () => {
  it('is read and written only by the users and points modules', () => {
    const offenders = sources(SRC)
      .map((path) => relative(SRC, path).split('\\').join('/'))
      .filter((file) => !OWNERS.some((owner) => file.startsWith(owner)))
      .filter((file) => TOUCHES_USERS.test(readFileSync(join(SRC, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('is recognised by the check in every form of query', () => {
    for (const text of [
      "trx.selectFrom('users')",
      'db.updateTable("users")',
      "leftJoin('users as u', …)",
      'sql`select points from users where …`',
      "statement('update users set points = ?')",
    ]) {
      expect(TOUCHES_USERS.test(text), text).toBe(true);
    }
    for (const text of [
      "selectFrom('user_groups')",
      'const users = 3',
      "tags: ['users']",
      'users.exists(p, u)',
      '// rows taken from users of the project',
    ])
      expect(TOUCHES_USERS.test(text), text).toBe(false);
  });
});
