import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeysWithPrefix } from '../../src/platform/redis.js';
import { ROOT } from '../helpers/built-server.js';
import { freePort } from '../helpers/server-process.js';

/**
 * Scale mode across processes: `npm run cluster` (scripts/cluster.mjs) starts two instances of
 * the built server on one PostgreSQL and one Redis; the checks that the database enforces must
 * hold when the concurrent requests are spread over both. A fresh database and Redis prefix per
 * run, removed after. Runs when LAUREL_TEST_POSTGRES_URL and LAUREL_TEST_REDIS_URL are set (CI).
 */
const POSTGRES_URL = process.env.LAUREL_TEST_POSTGRES_URL;
const REDIS_URL = process.env.LAUREL_TEST_REDIS_URL;
const SECRET = 'cluster-test-secret-0123456789abcdefghijklmn';
const ADMIN = 'cluster-test-admin-token-0123456789';

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe.skipIf(!POSTGRES_URL || !REDIS_URL)('two instances on one PostgreSQL and Redis (npm run cluster)', { timeout: 120_000 }, () => {
  const run = randomBytes(6).toString('hex');
  const database = `laurel_cluster_${run}`;
  const prefix = `laurel-cluster:${run}:`;
  let cluster: ChildProcess;
  let exited: Promise<number | null>;
  let output = '';
  let bases: string[] = [];
  let service: Record<string, string>;
  const admin = { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' };

  /** The i-th request goes to instance i mod 2. */
  const base = (i: number) => bases[i % 2]!;
  const call = (i: number, method: string, path: string, body?: unknown, headers = service) =>
    fetch(`${base(i)}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${database}`);
    const url = new URL(POSTGRES_URL!);
    url.pathname = `/${database}`;
    const ports = [await freePort(), await freePort()];
    cluster = spawn(process.execPath, [join(ROOT, 'scripts', 'cluster.mjs'), '--ports', ports.join(',')], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        REDIS_URL: REDIS_URL!,
        LAUREL_REDIS_PREFIX: prefix,
        JWT_SECRET: SECRET,
        ADMIN_TOKEN: ADMIN,
        RATE_LIMIT_MAX: '1000000',
        LOG_LEVEL: 'warn',
        LAUREL_TEST_CLOCK: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exited = new Promise((resolve) => cluster.on('exit', (code) => resolve(code)));
    cluster.stdout!.on('data', (d) => (output += d));
    cluster.stderr!.on('data', (d) => (output += d));
    const deadline = Date.now() + 100_000;
    while (!/cluster ready: (\S+) (\S+)/.test(output)) {
      if (cluster.exitCode !== null || Date.now() > deadline) throw new Error(`the cluster did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const ready = /cluster ready: (\S+) (\S+)/.exec(output)!;
    bases = [ready[1]!, ready[2]!];
    const token = await new SignJWT({ role: 'service' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('backend')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(SECRET));
    service = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  });

  afterAll(async () => {
    try {
      if (cluster && cluster.exitCode === null) {
        cluster.kill('SIGTERM');
        expect(await exited).toBe(0);
        expect(output).toContain('a exit 0, b exit 0');
      }
    } finally {
      await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await deleteKeysWithPrefix(REDIS_URL!, prefix);
    }
  });

  it('runs two instances on two ports that share one store', async () => {
    expect(bases).toHaveLength(2);
    expect(bases[0]).not.toBe(bases[1]);
    expect((await call(0, 'POST', '/user', { userId: 'shared' })).status).toBe(201);
    expect((await (await call(1, 'GET', '/user/shared/points')).json()).userExists).toBe(true);
  });

  it('holds an event limit exactly when 40 events of one user are spread over both instances', async () => {
    expect(
      (
        await call(
          0,
          'POST',
          '/admin/event',
          { eventId: 'checkin', title: 'Check-in', reward: { default: 10 }, limit: 3, limitPeriod: 'daily' },
          admin,
        )
      ).status,
    ).toBe(201);
    expect((await call(1, 'POST', '/user', { userId: 'ann' })).status).toBe(201);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call(i, 'POST', '/event', { eventId: 'checkin', userId: 'ann' })),
    );
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(bodies.filter((b) => !b.data.limitReached)).toHaveLength(3);
    expect(bodies.filter((b) => b.message === 'Event Limit erreicht')).toHaveLength(37);
    for (const i of [0, 1]) expect((await (await call(i, 'GET', '/user/ann/points')).json()).points).toBe(30);
  });

  it('takes one answer per user and survey when 20 answers arrive at both instances', async () => {
    const survey = {
      surveyId: 'fruit',
      title: 'Favourite fruit?',
      type: 'SINGLE',
      options: [
        { optionId: 'apple', label: 'Apple' },
        { optionId: 'pear', label: 'Pear' },
      ],
      points: 20,
    };
    expect((await call(1, 'POST', '/admin/survey', survey, admin)).status).toBe(201);
    expect((await call(0, 'POST', '/user', { userId: 'bea' })).status).toBe(201);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i, 'PUT', '/user/bea/survey/fruit', { userId: 'bea', surveyId: 'fruit', responses: ['apple'] }),
      ),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 400)).toHaveLength(19);
    for (const i of [0, 1]) expect((await (await call(i, 'GET', '/user/bea/points')).json()).points).toBe(20);
  });

  it('lets a coupon be used once when 20 uses arrive at both instances', async () => {
    expect((await call(0, 'POST', '/user', { userId: 'cid' })).status).toBe(201);
    const issued = await call(
      1,
      'POST',
      '/admin/coupon',
      { userId: 'cid', title: 'Free coffee', description: 'One', validUntil: Date.now() + 86_400_000 },
      admin,
    );
    expect(issued.status).toBe(201);
    const { SK } = (await issued.json()) as { SK: string };
    const path = `/user/cid/coupon/${encodeURIComponent(SK)}`;
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => call(i, 'PUT', path, { userId: 'cid', SK })));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = await Promise.all(responses.filter((r) => r.status !== 200).map((r) => r.json()));
    expect(refused).toHaveLength(19);
    expect(refused.every((b) => b.statusCode === 400 && b.code === 'COUPON_ALREADY_REDEEMED')).toBe(true);
  });

  it('holds an offer total limit when 12 users redeem at both instances', async () => {
    expect(
      (
        await call(
          0,
          'POST',
          '/admin/offer',
          { offerId: 'mug', type: 'LOCAL', points: 10, totalLimit: 4, title: { de: 'Tasse', en: 'Mug' } },
          admin,
        )
      ).status,
    ).toBe(201);
    const users = Array.from({ length: 12 }, (_, i) => `r${i}`);
    for (const [i, u] of users.entries()) {
      expect((await call(i, 'POST', '/user', { userId: u })).status).toBe(201);
      expect((await call(i, 'POST', `/admin/user/${u}/points`, { points: 10, reason: 'start' }, admin)).status).toBe(201);
    }
    const responses = await Promise.all(users.map((u, i) => call(i, 'POST', `/user/${u}/offer/mug/redeem`, {})));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(4);
    const stats = await (await call(1, 'GET', '/offer/mug?includeStatistics=true')).json();
    expect(stats.totalStatistics).toMatchObject({ redeemed: 4, remaining: 0 });
  });

  it('shows a definition changed on one instance at once on the other (cache invalidation through Redis)', async () => {
    const definition = { eventId: 'visit', title: 'Visit', reward: { default: 1 } };
    expect((await call(0, 'POST', '/admin/event', definition, admin)).status).toBe(201);
    expect((await call(1, 'POST', '/user', { userId: 'dan' })).status).toBe(201);
    expect((await call(1, 'POST', '/event', { eventId: 'visit', userId: 'dan' })).status).toBe(200); // b caches the definition
    expect((await call(0, 'PUT', '/admin/event/visit', { ...definition, status: 'INACTIVE' }, admin)).status).toBe(200);
    const refused = await call(1, 'POST', '/event', { eventId: 'visit', userId: 'dan' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).code).toBe('EVENT_INACTIVE');
  });

  it("counts both instances' events in the statistics, each adding to the rows of its own write lane (decision 357)", async () => {
    const definition = { eventId: 'open', title: 'Open', reward: { default: 2 } };
    expect((await call(0, 'POST', '/admin/event', definition, admin)).status).toBe(201);
    // Users u0, u2, u4 go to the first instance, u1, u3, u5 to the second: from the second wave on, the
    // sketches each instance keeps count its users, and it writes its own lane.
    for (let u = 0; u < 6; u++) expect((await call(u, 'POST', '/user', { userId: `u${u}` })).status).toBe(201);
    for (let wave = 0; wave < 4; wave++) {
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, i) => call(i, 'POST', '/event', { eventId: 'open', userId: `u${i % 6}`, metadata: { amount: 2 } })),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(12).fill(200));
    }
    for (const i of [0, 1]) {
      const stats = await (await call(i, 'GET', '/stats/event?eventId=open&period=1d')).json();
      expect(stats.data).toMatchObject({ totalCount: 48, uniqueUsers: 6, pointsAwarded: 96 });
      expect(stats.data.metadataStats.amount).toMatchObject({ count: 48, min: 2, max: 2, avg: 2 });
    }
    const url = new URL(POSTGRES_URL!);
    url.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select lane, sum(count)::int as count from analytics_rollups
          where event_id = 'open' and grain = 'day' group by lane order by lane`,
      );
      expect(rows.filter((r) => r.lane > 0)).toHaveLength(2);
      expect(rows.reduce((n, r) => n + r.count, 0)).toBe(48);
    } finally {
      await client.end();
    }
  });
});
