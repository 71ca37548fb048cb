import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'laurel-wal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the WAL checkpointer', () => {
  // A script that opens the embedded store and closes it, with nothing else pending: close() used
  // to await the exit of an unreferenced worker, so the process ended before close() resolved.
  it('lets close() finish in a process that has nothing else to wait for', () => {
    const script = `
      const { openDatabase } = await import(${JSON.stringify(new URL('./database.ts', import.meta.url).pathname)});
      const db = openDatabase('sqlite:' + process.argv[1]);
      await db.ping();
      await db.close();
      console.log('closed');
    `;
    for (let i = 0; i < 6; i++) {
      const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, join(dir, `db${i}.sqlite`)], {
        encoding: 'utf8',
      });
      expect(out.trim()).toBe('closed');
    }
  }, 120_000);
});
