import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../test/helpers/built-server.js';

/** The token command as users run it (`npm run token`, the built dist/cli/token.js): a process of its own. */
const run = promisify(execFile);

describe('npm run token: the command', { timeout: 60_000 }, () => {
  it('prints only the token on stdout, signed with the secret Laurel kept in its data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'laurel-token-'));
    const secret = 'kept-secret-0123456789abcdefghijklmnopqrstuv';
    writeFileSync(join(dataDir, 'jwt-secret'), `${secret}\n`);
    try {
      const env = { ...process.env, LAUREL_DATA_DIR: dataDir, JWT_SECRET: '' };
      const { stdout, stderr } = await run('npm', ['run', '-s', 'token', '--', '--sub', 'alice', '--role', 'service', '--expires', '2h'], {
        cwd: ROOT,
        env,
      });
      const { payload } = await jwtVerify(stdout.trim(), new TextEncoder().encode(secret), { algorithms: ['HS256'] });
      expect(payload).toMatchObject({ sub: 'alice', role: 'service', projectId: 'default' });
      expect(payload.exp! - payload.iat!).toBe(7200);
      expect(stderr).toContain('token for service "alice"');

      const refused = await run('npm', ['run', '-s', 'token', '--', '--role', 'service'], { cwd: ROOT, env }).catch(
        (err: { code: number; stderr: string }) => err,
      );
      expect(refused).toMatchObject({ code: 2 });
      expect((refused as { stderr: string }).stderr).toContain('--sub is required');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
