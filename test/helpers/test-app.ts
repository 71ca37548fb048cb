import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, inject } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { App } from '../../src/http/app-type.js';
import { loadConfig, type Config } from '../../src/config.js';
import { deleteKeysWithPrefix } from '../../src/platform/redis.js';
import { chooseBackends, type BackendName } from './backends.js';
import { createPostgresDatabase, dropPostgresDatabase, PostgresEmptier, sqliteImage } from './test-stores.js';

export type { BackendName } from './backends.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database of this run (test/helpers/global-setup.ts), or null. */
    postgresTemplate: string | null;
  }
}

const POSTGRES_URL = process.env.LAUREL_TEST_POSTGRES_URL;
const REDIS_URL = process.env.LAUREL_TEST_REDIS_URL;
/**
 * Set by test/process/pgbouncer.process.test.ts: the apps reach each test database through this
 * pooler in transaction pooling (DATABASE_POOLER=transaction); setup and emptying stay direct.
 */
const POOLER_URL = process.env.LAUREL_TEST_POOLER_URL;

function throughPooler(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const pooler = new URL(POOLER_URL!);
  url.host = pooler.host;
  return url.toString();
}

/** SQLite always; PostgreSQL + Redis when their URLs are set (narrowed by LAUREL_TEST_BACKENDS). */
export const backends: BackendName[] = chooseBackends(process.env).backends;

export const TEST_JWT_SECRET = 'laurel-test-secret-0123456789abcdefghijklmnop';
export const TEST_ADMIN_TOKEN = 'laurel-test-admin-token-0123456789';

/**
 * How a suite shares apps (docs/testing.md, "Where a new test goes"):
 * - `test` (describeBackends): an app per test on an empty store — for tests that configure or
 *   restart the app, read the store directly, or depend on what the whole store holds (jobs, metrics);
 * - `file` (describeSharedApp): one app per describe block; each test works in a project of its own
 *   (`t.projectId`), created before it. Tokens, admin calls and factories use that project.
 */
export type AppSharing = 'test' | 'file';

let projects = 0;

function postgresTemplate(): string | null {
  try {
    return inject('postgresTemplate') ?? null;
  } catch {
    return null; // a run without the global setup (e.g. the bad-input run): the apps migrate
  }
}

/**
 * The apps and stores of one describe block (one backend). SQLite: a copy of a migrated in-memory
 * store per app. PostgreSQL: one database per block, copied from the run's migrated template and
 * emptied before each test (`test` sharing); Redis keys live under a prefix of the block, removed
 * before each test and after the block.
 */
export class TestContext {
  app!: App;
  /** The project of the running test: `default`, or (sharing `file`) one made for it. */
  projectId = 'default';
  private databaseUrl = 'sqlite::memory:';
  private databaseName: string | null = null;
  private emptier: PostgresEmptier | null = null;
  private readonly redisPrefix = `laurel-test:${randomBytes(6).toString('hex')}:`;
  private configOverrides: Partial<Config> = {};
  private logLines: string[] | null = null;
  private logLevel = 'debug';

  constructor(
    readonly backend: BackendName,
    readonly sharing: AppSharing = 'test',
  ) {}

  /** Changes the config of the apps built from now on (call in beforeEach/beforeAll before the app is used). */
  configure(overrides: Partial<Config>): void {
    this.ownAppsOnly('configure()');
    this.configOverrides = overrides;
  }

  /**
   * Makes the apps built from now on (restart()) log at `level` into the returned array, one
   * JSON line per entry, instead of staying silent. Ends with the test.
   */
  captureLogs(level = 'debug'): string[] {
    this.ownAppsOnly('captureLogs()');
    const lines: string[] = [];
    this.logLines = lines;
    this.logLevel = level;
    return lines;
  }

  private ownAppsOnly(what: string): void {
    if (this.sharing === 'file') throw new Error(`${what} needs an app of the test's own: this suite shares one app per file`);
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
      databasePooler: POOLER_URL && this.backend === 'postgres' ? 'transaction' : 'none',
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

  private async build(): Promise<App> {
    const config = this.config();
    const image = config.databaseUrl === 'sqlite::memory:' ? await sqliteImage() : undefined;
    return buildApp({ config, logger: this.logger(), sqliteImage: image });
  }

  async setupFile(): Promise<void> {
    if (this.backend !== 'postgres') return;
    const database = await createPostgresDatabase(POSTGRES_URL!, postgresTemplate());
    this.databaseName = database.name;
    this.databaseUrl = POOLER_URL ? throughPooler(database.url) : database.url;
    this.emptier = new PostgresEmptier(database.url);
  }

  async setupTest(): Promise<void> {
    if (this.sharing === 'file') {
      this.app ??= await this.build();
      this.resetClock();
      await this.newProject();
      return;
    }
    if (this.backend === 'postgres') {
      await this.emptier!.empty();
      await deleteKeysWithPrefix(REDIS_URL!, this.redisPrefix);
    }
    this.app = await this.build();
  }

  /**
   * Switches the test to a project of its own, new and empty (sharing `file`: before each test;
   * a property test calls it for a fresh store per run).
   */
  async newProject(): Promise<string> {
    const projectId = `t${++projects}_${randomBytes(3).toString('hex')}`;
    await this.app.services.projects.create({ projectId, name: `Test project ${projects}` });
    this.projectId = projectId;
    return projectId;
  }

  /** The shared app's test clock back to the real time (a test may have moved or replaced it). */
  private resetClock(): void {
    const clock = this.app.platform.testClock;
    if (!clock) return;
    if (Object.hasOwn(clock, 'now')) delete (clock as { now?: unknown }).now;
    clock.setOffset(0);
    void this.app.platform.redis?.client.del('test-clock-offset');
  }

  /** Closes the test's app and builds a new one on the same store (a restart). */
  async restart(): Promise<App> {
    this.ownAppsOnly('restart()');
    await this.app.close();
    this.app = await this.build();
    return this.app;
  }

  async teardownTest(): Promise<void> {
    if (this.sharing === 'file') return;
    await this.app?.close();
    this.configOverrides = {};
    this.logLines = null;
  }

  async teardownFile(): Promise<void> {
    if (this.sharing === 'file') await this.app?.close();
    await this.emptier?.close();
    if (this.backend !== 'postgres' || !this.databaseName) return;
    await dropPostgresDatabase(POSTGRES_URL!, this.databaseName);
    await deleteKeysWithPrefix(REDIS_URL!, this.redisPrefix);
  }

  /** The claims of a token of the test's project (none added for `default`, the tokens' own default). */
  private projectClaims(): Record<string, unknown> {
    return this.projectId === 'default' ? {} : { projectId: this.projectId };
  }

  /** Authorization header of a user JWT (role user, the test's project unless `claims` names one). */
  async auth(sub: string, claims: Record<string, unknown> = {}, expiresIn = '1h'): Promise<Record<string, string>> {
    return { authorization: `Bearer ${await signToken({ sub, ...this.projectClaims(), ...claims }, expiresIn)}` };
  }

  /** Authorization header of a service JWT of a project (the test's by default). */
  serviceAuth(projectId = this.projectId): Promise<Record<string, string>> {
    return this.auth('test-service', { role: 'service', projectId });
  }

  /** The admin token's headers, for `projectId` or the test's project. */
  adminAuth(projectId?: string): Record<string, string> {
    const project = projectId ?? (this.projectId === 'default' ? undefined : this.projectId);
    return { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, ...(project ? { 'x-project-id': project } : {}) };
  }

  inject(options: InjectOptions): Promise<LightMyRequestResponse> {
    return this.app.inject(options);
  }

  /** An admin API call for `projectId` (default: the test's project). */
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

/** Runs `body` once per backend, each in its own describe block, with a fresh app per test on an empty store. */
export function describeBackends(title: string, body: (t: TestContext) => void): void {
  describeSuite(title, 'test', body);
}

/**
 * Runs `body` once per backend with one app per describe block; each test works in a new project of
 * its own (`t.projectId`). For tests that need only their own data (docs/testing.md).
 */
export function describeSharedApp(title: string, body: (t: TestContext) => void): void {
  describeSuite(title, 'file', body);
}

function describeSuite(title: string, sharing: AppSharing, body: (t: TestContext) => void): void {
  for (const backend of backends) {
    describe(`${title} [${backend}]`, () => {
      const t = new TestContext(backend, sharing);
      beforeAll(() => t.setupFile());
      beforeEach(() => t.setupTest());
      afterEach(() => t.teardownTest());
      afterAll(() => t.teardownFile());
      body(t);
    });
  }
}
