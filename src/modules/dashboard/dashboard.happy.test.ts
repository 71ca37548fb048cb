import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import type { App } from '../../http/app-type.js';
import { registerErrorHandler } from '../../http/error-handler.js';
import { dashboardRoutes } from './dashboard.routes.js';

/** A Fastify with only the dashboard routes, serving a fixture folder instead of the real build. */
async function dashboardOnly(root: string) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  await dashboardRoutes(app as unknown as App, { root });
  return app;
}

describe('dashboard routes', () => {
  let built: string;
  let empty: string;
  beforeAll(() => {
    built = mkdtempSync(join(tmpdir(), 'laurel-dash-'));
    mkdirSync(join(built, 'dist', 'assets'), { recursive: true });
    built = join(built, 'dist');
    writeFileSync(join(built, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(built, 'assets', 'index-abc123.js'), 'console.log(1)');
    empty = mkdtempSync(join(tmpdir(), 'laurel-dash-empty-'));
  });
  afterAll(() => {
    rmSync(join(built, '..'), { recursive: true, force: true });
    rmSync(empty, { recursive: true, force: true });
  });

  it('serves index.html at /dashboard/ and /dashboard, never cached', async () => {
    const app = await dashboardOnly(built);
    for (const url of ['/dashboard/', '/dashboard']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe('<!doctype html><div id="root"></div>');
    }
    await app.close();
  });

  it('answers client-side routes with index.html (SPA fallback)', async () => {
    const app = await dashboardOnly(built);
    const res = await app.inject({ url: '/dashboard/users/alice' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<!doctype html><div id="root"></div>');
    await app.close();
  });

  it('serves hashed assets as immutable and a missing asset as a 404 error body', async () => {
    const app = await dashboardOnly(built);
    const asset = await app.inject({ url: '/dashboard/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.inject({ url: '/dashboard/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /dashboard/assets/nope.js not found',
      code: 'NOT_FOUND',
    });
    await app.close();
  });

  it('says how to build it when dashboard/dist is missing (503)', async () => {
    const app = await dashboardOnly(empty);
    for (const url of ['/dashboard/', '/dashboard/events']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build:dashboard');
    }
    await app.close();
  });
});

describeSharedApp('dashboard in the service', (t) => {
  it('is public: no token needed for /dashboard', async () => {
    const res = await t.inject({ url: '/dashboard/events' });
    expect([200, 503]).toContain(res.statusCode);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it('is not in the OpenAPI document', async () => {
    const doc = (await t.inject({ url: '/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/dashboard'))).toEqual([]);
  });
});
