import type { App } from '../../http/app-type.js';
import { errors } from '../../http/schemas.js';
import { EventStats, StatsQuery } from './analytics.schemas.js';

/** GET /stats/event: global or event-specific analytics of the caller's project. */
export async function analyticsRoutes(app: App): Promise<void> {
  const { analytics } = app.services;
  app.get(
    '/stats/event',
    {
      config: { auth: 'jwtOrApiKey' },
      schema: {
        operationId: 'getEventStats',
        description:
          'Counts, points, unique users and metadata statistics of events: the last 7/30/365 days (period) or a calendar month ' +
          '(timeframe=month&month=YYYY-MM), optionally for one event.',
        tags: ['analytics'],
        summary: 'Event analytics for a period or a calendar month',
        security: [{ bearerAuth: [] }, { apiKey: [] }],
        querystring: StatsQuery,
        response: { 200: EventStats, ...errors(400, 401) },
      },
    },
    (req) => analytics.stats(req.principal.projectId, req.query),
  );
}
