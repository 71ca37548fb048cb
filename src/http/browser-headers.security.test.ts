import { expect, it } from 'vitest';
import { describeBackends } from '../../test/helpers/test-app.js';

/**
 * Browser-facing pages (decision 212): the dashboard and Swagger UI carry a CSP that forbids
 * framing, X-Frame-Options DENY, nosniff and a Referrer-Policy; JSON routes carry nosniff only.
 */
describeBackends('browser-page headers', (t) => {
  const expectPageHeaders = (headers: Record<string, unknown>, url: string) => {
    const csp = String(headers['content-security-policy'] ?? '');
    expect(csp, url).toContain("frame-ancestors 'none'");
    expect(csp, url).toContain("default-src 'self'");
    expect(csp, url).toMatch(/script-src 'self'(;|$)/);
    expect(csp, url).toContain("object-src 'none'");
    // Inline styles only for Swagger UI (its bundle adds a <style> element); never inline scripts.
    expect(csp, url).toMatch(url.includes('/docs') ? /style-src 'self' 'unsafe-inline'(;|$)/ : /style-src 'self'(;|$)/);
    expect(headers['x-frame-options'], url).toBe('DENY');
    expect(headers['x-content-type-options'], url).toBe('nosniff');
    expect(headers['referrer-policy'], url).toBe('no-referrer');
  };

  it('sends them on the dashboard, its client-side routes and its assets', async () => {
    for (const url of ['/dashboard', '/dashboard/', '/dashboard/users/alice', '/v1/dashboard']) {
      const res = await t.inject({ method: 'GET', url });
      expect([200, 503], url).toContain(res.statusCode);
      expectPageHeaders(res.headers, url);
    }
  });

  it('sends them on Swagger UI and its static files', async () => {
    for (const url of ['/docs', '/docs/', '/docs/static/index.html', '/docs/static/swagger-initializer.js', '/docs/json']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(400);
      expectPageHeaders(res.headers, url);
    }
  });

  it('sends nosniff, but no page policy, on JSON routes', async () => {
    const health = await t.inject({ method: 'GET', url: '/health' });
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['content-security-policy']).toBeUndefined();
    const refused = await t.inject({ method: 'GET', url: '/user/alice/points' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    const points = await t.inject({ method: 'GET', url: '/user/alice/points', headers: await t.auth('alice') });
    expect(points.headers['x-content-type-options']).toBe('nosniff');
    expect(points.headers['content-security-policy']).toBeUndefined();
  });
});
