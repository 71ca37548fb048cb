import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { App } from '../../src/http/app-type.js';
import { loadConfig, type Config } from '../../src/config.js';
import { deleteKeysWithPrefix } from '../../src/platform/redis.js';

export type BackendName = 'sqlite' | 'postgres';

const POSTGRES_URL = process.env.LAUREL_TEST_POSTGRES_URL;
const REDIS_URL = process.env.LAUREL_TEST_REDIS_URL;

/** SQLite always; PostgreSQL + Redis when LAUREL_TEST_POSTGRES_URL and LAUREL_TEST_REDIS_URL are set. */
export const backends: BackendName[] = POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];
if (POSTGRES_URL && !REDIS_URL) throw new Error('LAUREL_TEST_POSTGRES_URL is set but LAUREL_TEST_REDIS_URL is not: scale mode needs both');

export const TEST_JWT_SECRET = 'laurel-test-secret-0123456789abcdefghijklmnop';
export const TEST_ADMIN_TOKEN = 'laurel-test-admin-token-0123456789';

/**
 * One app per test on a fresh store. SQLite: a new in-memory database per test. PostgreSQL: one
 * database per test file (created here, dropped after), emptied before each test; Redis keys live
 * under a prefix of the file, deleted before each test and after the file.
 */
export class TestContext {
  app!: App;
  private databaseUrl = 'sqlite::memory:';
  private databaseName: string | null = null;
  private readonly redisPrefix = `laurel-test:${randomBytes(6).toString('hex')}:`;
  private configOverrides: Partial<Config> = {};
  private logLines: string[] | null = null;
  private logLevel = 'debug';

  constructor(readonly backend: BackendName) {}

  /** Changes the config of the apps built from now on (call in beforeEach/beforeAll before the app is used). */
  configure(overrides: Partial<Config>): void {
    this.configOverrides = overrides;
  }

  /**
   * Makes the apps built from now on (restart()) log at `level` into the returned array, one
   * JSON line per entry, instead of staying silent. Ends with the test.
   */
  captureLogs(level = 'debug'): string[] {
    const lines: string[] = [];
    this.logLines = lines;
    this.logLevel = level;
    return lines;
  }

  private logger() {
    const lines = this.logLines;
    return lines ? { level: this.logLevel, stream: { write: (line: string) => void lines.push(line) } } : (false as const);
  }

  config(): Config {
    const base = loadConfig({ LAUREL_TEST_CLOCK: '1', LOG_LEVEL: 'silent' });
    return {
      ...base,
      databaseUrl: this.databaseUrl,
      redisUrl: this.backend === 'postgres' ? REDIS_URL! : null,
      redisPrefix: this.redisPrefix,
      jwtSecret: TEST_JWT_SECRET,
      adminToken: TEST_ADMIN_TOKEN,
      rateLimitMax: 100_000,
      // Security tests provoke many 401s from 127.0.0.1; the tests of this limit set it themselves.
      authFailureLimit: 100_000,
      ...this.configOverrides,
    };
  }

  /** The stores this test's apps use (PostgreSQL database of the file and Redis; SQLite in memory). */
  storeUrls(): { databaseUrl: string; redisUrl: string | null; redisPrefix: string } {
    return { databaseUrl: this.databaseUrl, redisUrl: this.backend === 'postgres' ? REDIS_URL! : null, redisPrefix: this.redisPrefix };
  }

  async setupFile(): Promise<void> {
    if (this.backend !== 'postgres') return;
    this.databaseName = `laurel_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${this.databaseName}`);
    const url = new URL(POSTGRES_URL!);
    url.pathname = `/${this.databaseName}`;
    this.databaseUrl = url.toString();
  }

  async setupTest(): Promise<void> {
    if (this.backend === 'postgres') {
      await truncateAll(this.databaseUrl);
      await deleteKeysWithPrefix(REDIS_URL!, this.redisPrefix);
    }
    this.app = await buildApp({ config: this.config(), logger: this.logger() });
  }

  /** Closes the test's app and builds a new one on the same store (a restart). */
  async restart(): Promise<App> {
    await this.app.close();
    this.app = await buildApp({ config: this.config(), logger: this.logger() });
    return this.app;
  }

  async teardownTest(): Promise<void> {
    await this.app?.close();
    this.configOverrides = {};
    this.logLines = null;
  }

  async teardownFile(): Promise<void> {
    if (this.backend !== 'postgres' || !this.databaseName) return;
    await adminQuery(`DROP DATABASE IF EXISTS ${this.databaseName} WITH (FORCE)`);
    await deleteKeysWithPrefix(REDIS_URL!, this.redisPrefix);
  }

  /** Authorization header of a user JWT (role user, project default unless given). */
  async auth(sub: string, claims: Record<string, unknown> = {}, expiresIn = '1h'): Promise<Record<string, string>> {
    return { authorization: `Bearer ${await signToken({ sub, ...claims }, expiresIn)}` };
  }

  /** Authorization header of a service JWT of a project. */
  serviceAuth(projectId = 'default'): Promise<Record<string, string>> {
    return this.auth('test-service', { role: 'service', projectId });
  }

  adminAuth(projectId?: string): Record<string, string> {
    return { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, ...(projectId ? { 'x-project-id': projectId } : {}) };
  }

  inject(options: InjectOptions): Promise<LightMyRequestResponse> {
    return this.app.inject(options);
  }

  /** An admin API call; fails the test on an unexpected status when `expect` is given. */
  async admin(method: InjectOptions['method'], url: string, payload?: unknown, projectId?: string): Promise<LightMyRequestResponse> {
    return this.app.inject({
      method,
      url,
      headers: this.adminAuth(projectId),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  /** Creates a user through the public API with its own token. */
  async createUser(userId: string, projectId?: string): Promise<void> {
    const res = await this.app.inject({
      method: 'POST',
      url: '/user',
      headers: await this.auth(userId, projectId ? { projectId } : {}),
      payload: { userId },
    });
    if (res.statusCode !== 201) throw new Error(`createUser ${userId}: ${res.statusCode} ${res.body}`);
  }

  /** Moves the test clock (docs/api.md, Test clock). */
  async setClock(now: number): Promise<void> {
    const res = await this.admin('PUT', '/admin/clock', { now });
    if (res.statusCode !== 200) throw new Error(`setClock: ${res.statusCode} ${res.body}`);
  }
}

export async function signToken(claims: Record<string, unknown>, expiresIn: string | number = '1h'): Promise<string> {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt();
  if (expiresIn !== 0) jwt.setExpirationTime(expiresIn);
  return jwt.sign(new TextEncoder().encode(TEST_JWT_SECRET));
}

/** Runs `body` once per backend, each in its own describe block with a fresh app per test. */
export function describeBackends(title: string, body: (t: TestContext) => void): void {
  for (const backend of backends) {
    describe(`${title} [${backend}]`, () => {
      const t = new TestContext(backend);
      beforeAll(() => t.setupFile());
      beforeEach(() => t.setupTest());
      afterEach(() => t.teardownTest());
      afterAll(() => t.teardownFile());
      body(t);
    });
  }
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function truncateAll(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public' and tablename not like 'kysely_%'",
    );
    if (rows.length > 0) await client.query(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(', ')} RESTART IDENTITY`);
  } finally {
    await client.end();
  }
}
