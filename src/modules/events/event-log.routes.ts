import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/app-type.js';
import type { ErrorBody } from '../../http/error-handler.js';
import { errors } from '../../http/schemas.js';
import type { EventLogService } from './event-log.service.js';
import { EventLogPage, EventLogQuery } from './event-log.schemas.js';

/** GET /admin/event-log: what came of each POST /event call and bulk item, newest first. */
export async function eventLogRoutes(app: App): Promise<void> {
  const { events } = app.services;
  app.get(
    '/admin/event-log',
    {
      schema: {
        operationId: 'listEventLog',
        tags: ['admin: events'],
        security: [{ adminToken: [] }],
        summary: 'Event log: the outcome and reason of every event call, newest first',
        description:
          'Every POST /event call and POST /events item of the last EVENT_LOG_DAYS days: AWARDED, CONDITION_FAILED, ' +
          'LIMIT_REACHED (each with its reason in words), or REJECTED (refused with a 4xx; its status, code and message). ' +
          'Filters combine; `nextCursor` gives the next, older page.',
        querystring: EventLogQuery,
        response: { 200: EventLogPage, ...errors(400, 401, 404) },
      },
    },
    (req) => events.log.page(req.principal.projectId, req.query),
  );
}

/**
 * POST /event's onSend hook: a call refused with a 4xx by an authenticated caller is logged as
 * REJECTED with the error the caller got (an anonymous one names no project, so it is not).
 */
export function logRejection(log: EventLogService) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const status = reply.statusCode;
    if (status < 400 || status >= 500 || !req.principal || req.principal.kind === 'admin' || typeof payload !== 'string') return payload;
    let error: Partial<ErrorBody>;
    try {
      error = JSON.parse(payload) as Partial<ErrorBody>;
    } catch {
      return payload;
    }
    await log.rejected(req.principal, req.body, status, error.code ?? 'UNKNOWN', error.message ?? '');
    return payload;
  };
}
