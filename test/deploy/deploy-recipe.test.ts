import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/built-server.js';

/**
 * The deployment recipe cannot be built here (no container engine), so its promises are checked
 * as text: the image is built with exactly the commands CI runs, and runs what production runs.
 * CI then runs those commands for real and smoke-tests the resulting tree (scripts/smoke-production.mjs).
 */
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

describe('the deployment recipe', () => {
  const dockerfile = read('Dockerfile');
  // The commands of .ci/run, comments left out.
  const ci = read('.ci/run')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n');

  it('builds the image with exactly the npm commands that CI runs, in the same order', () => {
    const steps = [...dockerfile.matchAll(/^RUN (npm .+)$/gm)].map((m) => m[1]!.trim());
    expect(steps).toEqual(['npm ci', 'npm run build', 'npm prune --omit=dev']);
    let from = 0;
    for (const step of steps) {
      const at = ci.search(new RegExp(`(^|[ (&;])${step.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[ )&;])`, 'm'));
      expect(at, `.ci/run runs "${step}"`).toBeGreaterThanOrEqual(from);
      from = at;
    }
  });

  it('runs node dist/main.js as the unprivileged node user on a slim Node image, checked on /health/ready', () => {
    expect([...dockerfile.matchAll(/^FROM node:\$\{NODE_VERSION\}-slim/gm)]).toHaveLength(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "dist\/main\.js"\]$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/health\/ready/m);
    expect(read('package.json')).toContain('"start": "node dist/main.js"');
  });

  it('composes two instances, PostgreSQL, Redis and a proxy that spreads requests over both', () => {
    const compose = read('deploy/compose.yaml');
    for (const service of ['laurel-a:', 'laurel-b:', 'proxy:', 'postgres:', 'redis:']) expect(compose).toContain(`  ${service}`);
    expect(compose).toContain('DATABASE_URL: postgres://');
    expect(compose).toContain('REDIS_URL: redis://');
    expect(compose).toContain('JWT_SECRET: ${JWT_SECRET:?');
    const nginx = read('deploy/nginx.conf');
    // The instances believe X-Forwarded-For from the proxy alone, which has a fixed address and sets it.
    const proxyAddress = /ipv4_address: (\S+)/.exec(compose)?.[1];
    expect(proxyAddress).toMatch(/^172\.28\.0\.\d+$/);
    expect(compose).toContain(`LAUREL_TRUST_PROXY: ${proxyAddress}`);
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(nginx).toContain('server laurel-a:3000');
    expect(nginx).toContain('server laurel-b:3000');
  });
});
