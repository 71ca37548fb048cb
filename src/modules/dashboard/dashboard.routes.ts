import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { App } from '../../http/app-type.js';
import { registerBrowserPageHeaders } from '../../http/browser-headers.js';

/** Where `npm run build:dashboard` puts the single-page app (git-ignored). */
export const DASHBOARD_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../../dashboard/dist');

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Laurel dashboard</title></head>
<body style="font-family:system-ui;max-width:40rem;margin:3rem auto;padding:0 1rem">
<h1>The dashboard is not built</h1><p>Run <code>npm run build:dashboard</code> (or <code>npm install</code>) and restart Laurel.</p>
</body></html>`;

/**
 * /dashboard: the admin single-page app, public (it signs in with the admin token against the API).
 * Hashed assets are cached for a year; index.html never, so a new build shows at once. Any other
 * path under /dashboard/ is a client-side route and gets index.html (SPA fallback). Every answer
 * carries the browser-page headers (CSP, no framing; decision 212).
 */
export async function dashboardRoutes(app: App, options: { root?: string } = {}): Promise<void> {
  const root = options.root ?? DASHBOARD_DIST;
  const built = existsSync(join(root, 'index.html'));
  await app.register(
    async (scope: FastifyInstance) => {
      await registerBrowserPageHeaders(scope);
      scope.get('/', { schema: { hide: true } }, (_req, reply) => {
        if (!built) return reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT);
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      });
      if (!built) {
        scope.get('/*', { schema: { hide: true } }, (_req, reply) => reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT));
        return;
      }
      await scope.register(fastifyStatic, {
        root,
        prefix: '/',
        index: false,
        wildcard: true,
        schemaHide: true,
        cacheControl: false,
        setHeaders: (reply, path) => {
          reply.header('cache-control', path.includes(join('dist', 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      scope.setNotFoundHandler((req, reply) => {
        // A missing asset is a real 404; any other path is a route of the app.
        if (req.method !== 'GET' || req.url.startsWith('/dashboard/assets/')) {
          return reply.status(404).send({
            statusCode: 404,
            error: 'Not Found',
            message: `Route ${req.method} ${req.url.split('?')[0]} not found`,
            code: 'NOT_FOUND',
          });
        }
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
      });
    },
    { prefix: '/dashboard' },
  );
}
