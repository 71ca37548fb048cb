import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeBackends } from '../../test/helpers/test-app.js';
import { loadConfig } from '../config.js';
import { parseTokenArgs, signDeveloperToken, UsageError } from './developer-token.js';

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
