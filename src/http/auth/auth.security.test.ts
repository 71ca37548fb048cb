import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, base64url } from 'jose';
import { expect, it } from 'vitest';
import { describeBackends, signToken, TEST_ADMIN_TOKEN, TEST_JWT_SECRET } from '../../../test/helpers/test-app.js';

const points = (userId: string) => ({ method: 'GET' as const, url: `/user/${userId}/points` });

function unsignedToken(payload: Record<string, unknown>): string {
  const enc = (o: object) => base64url.encode(JSON.stringify(o));
  return `${enc({ alg: 'none', typ: 'JWT' })}.${enc(payload)}.`;
}

describeBackends('authentication: forged and invalid tokens are refused', (t) => {
  it('refuses a request without a token with 401 and the error body', async () => {
    const res = await t.inject(points('alice'));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: expect.any(String), code: 'TOKEN_REQUIRED' });
  });

  it('refuses alg none', async () => {
    const token = unsignedToken({ sub: 'alice', exp: Math.floor(Date.now() / 1000) + 600 });
    const res = await t.inject({ ...points('alice'), headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a token signed with another key', async () => {
    const token = await new SignJWT({ sub: 'alice' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await t.inject({ ...points('alice'), headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const token = await new SignJWT({ sub: 'alice' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const res = await t.inject({ ...points('alice'), headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });

  it('refuses a token without sub, or with an empty sub', async () => {
    for (const claims of [{}, { sub: '' }, { sub: '   ' }]) {
      const token = await signToken(claims);
      expect((await t.inject({ ...points('alice'), headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    }
  });

  it('refuses a tampered payload', async () => {
    const token = await signToken({ sub: 'alice' });
    const [header, , signature] = token.split('.');
    const claims = base64url.encode(JSON.stringify({ sub: 'mallory', exp: Math.floor(Date.now() / 1000) + 600 }));
    const forged = `${header}.${claims}.${signature}`;
    expect((await t.inject({ ...points('mallory'), headers: { authorization: `Bearer ${forged}` } })).statusCode).toBe(401);
  });

  it('refuses a token it let in a moment ago once its project is being deleted (remembered token, known projects)', async () => {
    expect((await t.admin('POST', '/admin/project', { projectId: 'brief', name: 'Brief' })).statusCode).toBe(201);
    const headers = { authorization: `Bearer ${await signToken({ sub: 'alice', projectId: 'brief' })}` };
    // Twice: the second request takes the verified token and the known projects from memory.
    for (let i = 0; i < 2; i++) expect((await t.inject({ ...points('alice'), headers })).statusCode).toBe(200);
    expect((await t.admin('DELETE', '/admin/project/brief')).statusCode).toBe(202);
    const res = await t.inject({ ...points('alice'), headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNKNOWN_PROJECT');
  });

  it('refuses an unknown role and an unknown project', async () => {
    const badRole = await signToken({ sub: 'alice', role: 'admin' });
    expect((await t.inject({ ...points('alice'), headers: { authorization: `Bearer ${badRole}` } })).statusCode).toBe(401);
    const res = await t.inject({ ...points('alice'), headers: await t.auth('alice', { projectId: 'no-such-project' }) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNKNOWN_PROJECT');
  });

  it('refuses user tokens and API keys on /admin routes', async () => {
    expect((await t.inject({ method: 'GET', url: '/admin/usergroup', headers: await t.auth('alice') })).statusCode).toBe(401);
    const key = (await t.admin('POST', '/admin/apikey', { name: 'ci' })).json().key;
    expect((await t.inject({ method: 'GET', url: '/admin/usergroup', headers: { 'x-api-key': key } })).statusCode).toBe(401);
    expect(
      (await t.inject({ method: 'GET', url: '/admin/usergroup', headers: { authorization: 'Bearer wrong-admin-token-xxxxxxxx' } }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses an API key on /admin and an unknown or revoked key everywhere (every public route takes keys, decision 192)', async () => {
    const created = (await t.admin('POST', '/admin/apikey', { name: 'ci' })).json();
    expect((await t.inject({ ...points('alice'), headers: { 'x-api-key': created.key } })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/admin/user', headers: { 'x-api-key': created.key } })).statusCode).toBe(401);
    expect((await t.inject({ ...points('alice'), headers: { 'x-api-key': 'lrl_unknown' } })).statusCode).toBe(401);
    await t.admin('DELETE', `/admin/apikey/${created.apiKeyId}`);
    expect((await t.inject({ ...points('alice'), headers: { 'x-api-key': created.key } })).statusCode).toBe(401);
  });
});

describeBackends('authorisation: a user acts only for itself, within its project', (t) => {
  it('gives 403 when a user token names another userId in the path or the body', async () => {
    await t.createUser('bob');
    const asAlice = await t.auth('alice');
    const read = await t.inject({ ...points('bob'), headers: asAlice });
    expect(read.statusCode).toBe(403);
    expect(read.json()).toMatchObject({ statusCode: 403, error: 'Forbidden', code: 'FORBIDDEN_USER' });
    const create = await t.inject({ method: 'POST', url: '/user', headers: asAlice, payload: { userId: 'eve' } });
    expect(create.statusCode).toBe(403);
    expect((await t.inject({ ...points('eve'), headers: await t.auth('eve') })).json().userExists).toBe(false);
  });

  it('keeps projects apart: a token of project B does not see project A users', async () => {
    await t.admin('POST', '/admin/project', { projectId: 'projB', name: 'B' });
    await t.createUser('alice');
    const inB = await t.inject({ ...points('alice'), headers: await t.auth('alice', { projectId: 'projB' }) });
    expect(inB.json()).toEqual({ userId: 'alice', points: 0, userExists: false, pending: 0, expiring: [] });
    const service = await t.inject({ ...points('alice'), headers: await t.serviceAuth('projB') });
    expect(service.json().userExists).toBe(false);
  });

  it('lets the admin token act for any user of the project in x-project-id', async () => {
    await t.createUser('alice');
    const res = await t.inject({ ...points('alice'), headers: t.adminAuth() });
    expect(res.json().userExists).toBe(true);
    const missing = await t.inject({ ...points('alice'), headers: t.adminAuth('nope') });
    expect(missing.statusCode).toBe(404);
  });

  it('revokes an API key at once', async () => {
    const created = (await t.admin('POST', '/admin/apikey', { name: 'ci' })).json();
    const body = { title: { default: 'G', de: 'G' } };
    expect((await t.inject({ method: 'POST', url: '/usergroup', headers: { 'x-api-key': created.key }, payload: body })).statusCode).toBe(
      201,
    );
    expect((await t.admin('DELETE', `/admin/apikey/${created.apiKeyId}`)).statusCode).toBe(204);
    expect((await t.inject({ method: 'POST', url: '/usergroup', headers: { 'x-api-key': created.key }, payload: body })).statusCode).toBe(
      401,
    );
  });
});

describeBackends('authentication with a public key (RS256 / ES256)', (t) => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const rsaPem = rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString();

  it('accepts RS256 tokens of the key and refuses HS256 tokens signed with the public key', async () => {
    t.configure({ jwtSecret: null, jwtPublicKey: rsaPem });
    await t.restart();
    const good = await new SignJWT({ sub: 'alice' }).setProtectedHeader({ alg: 'RS256' }).setExpirationTime('1h').sign(rsa.privateKey);
    expect((await t.inject({ ...points('alice'), headers: { authorization: `Bearer ${good}` } })).statusCode).toBe(200);
    const confused = await new SignJWT({ sub: 'alice' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(rsaPem));
    expect((await t.inject({ ...points('alice'), headers: { authorization: `Bearer ${confused}` } })).statusCode).toBe(401);
  });

  it('checks iss and aud when configured', async () => {
    t.configure({ jwtIssuer: 'https://id.example', jwtAudience: 'laurel' });
    await t.restart();
    const sign = (claims: Record<string, unknown>) => signToken({ sub: 'alice', ...claims });
    const ok = await sign({ iss: 'https://id.example', aud: 'laurel' });
    expect((await t.inject({ ...points('alice'), headers: { authorization: `Bearer ${ok}` } })).statusCode).toBe(200);
    for (const claims of [{ iss: 'https://evil.example', aud: 'laurel' }, { iss: 'https://id.example', aud: 'other' }, {}]) {
      const bad = await sign(claims);
      expect((await t.inject({ ...points('alice'), headers: { authorization: `Bearer ${bad}` } })).statusCode).toBe(401);
    }
  });

  it('does not take the admin token as a JWT secret, nor a JWT as the admin token', async () => {
    const jwt = await signToken({ sub: 'alice' });
    expect((await t.inject({ method: 'GET', url: '/admin/usergroup', headers: { authorization: `Bearer ${jwt}` } })).statusCode).toBe(401);
    expect(TEST_ADMIN_TOKEN).not.toBe(TEST_JWT_SECRET);
  });
});
