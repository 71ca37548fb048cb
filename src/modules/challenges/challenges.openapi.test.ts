import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';

describeSharedApp('challenges and streaks: OpenAPI', (t) => {
  it('documents every challenge and streak route', async () => {
    const res = await t.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/user/{userId}/challenge',
      '/user/{userId}/challenge/{challengeId}',
      '/user/{userId}/streak',
      '/user/{userId}/streak/{streakId}',
      '/analytics/streak',
      '/admin/challenge',
      '/admin/challenge/{challengeId}',
      '/admin/streak',
      '/admin/streak/{streakId}',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
