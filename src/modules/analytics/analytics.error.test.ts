import { beforeEach, expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { NOW, stats } from './analytics.test-factory.js';

describeSharedApp('analytics: errors', (t) => {
  beforeEach(() => t.setClock(NOW));

  it.each([
    ['?timeframe=month&month=2026-13', 'INVALID_MONTH'],
    ['?timeframe=month&month=2026-3', 'INVALID_MONTH'],
    ['?timeframe=month&month=March', 'INVALID_MONTH'],
    ['?timeframe=month', 'INVALID_MONTH'],
    ['?timeframe=month&month=2026-02&eventId=purchase', null],
  ])('answers %s with 400 on a bad month (%s)', async (query, code) => {
    const res = await stats(t, query);
    if (code === null) {
      expect(res.statusCode).toBe(200);
      return;
    }
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining('YYYY-MM'), code });
  });

  it.each(['?period=2d', '?period=', '?timeframe=week&month=2026-02', '?eventId=bad%20id', '?eventId=a%23b'])(
    'refuses %s with 400 and the error body',
    async (query) => {
      const res = await stats(t, query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String), code: expect.any(String) });
    },
  );

  it.each([
    ['?month=2026-01', 'TIMEFRAME_REQUIRED'],
    ['?period=30d&month=2026-01', 'TIMEFRAME_REQUIRED'],
    ['?eventId=purchase&month=2026-01', 'TIMEFRAME_REQUIRED'],
    ['?timeframe=month&month=2026-01&period=7d', 'PERIOD_WITH_MONTH'],
  ])('refuses %s with 400 %s: a parameter that would be ignored', async (query, code) => {
    const res = await stats(t, query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.any(String), code });
  });

  it('still answers the 7-day view without any parameter', async () => {
    const res = await stats(t, '');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ period: '7d', eventId: null });
  });
});
