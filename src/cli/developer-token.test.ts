import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../test/helpers/built-server.js';
import { describeBackends } from '../../test/helpers/test-app.js';
import { loadConfig } from '../config.js';
import { parseTokenArgs, signDeveloperToken, UsageError } from './developer-token.js';

const run = promisify(execFile);

describe('npm run token: the arguments', () => {
  it('defaults to a user of project default for one hour', () => {
    expect(parseTokenArgs(['--sub', 'alice'])).toEqual({ sub: 'alice', role: 'user', projectId: 'default', expiresIn: '1h' });
    expect(parseTokenArgs(['--sub', 'shop', '--role', 'service', '--project', 'p2', '--expires', 'never'])).toEqual({
      sub: 'shop',
      role: 'service',
      projectId: 'p2',
      expiresIn: null,
    });
  });

  it.each([
    [[], '--sub is required'],
    [['--sub', 'a b'], 'not a valid user id'],
    [['--sub', 'alice', '--role', 'admin'], '--role must be user or service'],
    [['--sub', 'alice', '--project', 'no/slash'], 'not a valid project id'],
    [['--sub', 'alice', '--expires', 'soon'], '--expires must be like'],
    [['--sub', 'alice', '--colour', 'red'], 'colour'],
  ])('refuses %j with a message naming the problem', (argv, message) => {
    expect(() => parseTokenArgs(argv)).toThrow(UsageError);
    expect(() => parseTokenArgs(argv)).toThrow(message);
  });

  it('refuses to sign when Laurel verifies an identity provider, or has no secret yet', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'laurel-token-'));
    try {
      await expect(signDeveloperToken(loadConfig({ LAUREL_DATA_DIR: dataDir }), parseTokenArgs(['--sub', 'alice']))).rejects.toThrow(
        'start Laurel once',
      );
      const pem = '-----BEGIN PUBLIC KEY-----\\nMFkw\\n-----END PUBLIC KEY-----';
      await expect(signDeveloperToken(loadConfig({ JWT_PUBLIC_KEY: pem }), parseTokenArgs(['--sub', 'alice']))).rejects.toThrow(
        'identity provider',
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describeBackends('npm run token: the tokens work against the API', (t) => {
  it('gives a user token that acts for its own user only', async () => {
    const token = await signDeveloperToken(t.config(), parseTokenArgs(['--sub', 'alice']));
    const auth = { authorization: `Bearer ${token}` };
    expect((await t.inject({ method: 'POST', url: '/user', headers: auth, payload: { userId: 'alice' } })).statusCode).toBe(201);
    expect((await t.inject({ method: 'GET', url: '/user/alice/points', headers: auth })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/user/bob/points', headers: auth })).statusCode).toBe(403);
  });

  it('gives a service token of a project that acts for any user of that project, with iss and aud when configured', async () => {
    t.configure({ jwtIssuer: 'https://laurel.test', jwtAudience: 'laurel-api' });
    await t.restart();
    expect((await t.admin('POST', '/admin/project', { projectId: 'shop2', name: 'Shop 2' })).statusCode).toBe(201);
    const token = await signDeveloperToken(t.config(), parseTokenArgs(['--sub', 'backend', '--role', 'service', '--project', 'shop2']));
    const auth = { authorization: `Bearer ${token}` };
    expect((await t.inject({ method: 'POST', url: '/user', headers: auth, payload: { userId: 'carol' } })).statusCode).toBe(201);
    expect((await t.inject({ method: 'GET', url: '/user/carol/points', headers: auth })).json()).toMatchObject({ userExists: true });
    // The project is the token's: carol does not exist in project default.
    const own = await signDeveloperToken(t.config(), parseTokenArgs(['--sub', 'carol']));
    expect(
      (await t.inject({ method: 'GET', url: '/user/carol/points', headers: { authorization: `Bearer ${own}` } })).json(),
    ).toMatchObject({ userExists: false });
  });
});

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
