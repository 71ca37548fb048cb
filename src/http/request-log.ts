import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The request id: taken from the caller's X-Request-Id when it is a sane token, else a new UUID; echoed in the response. */
export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * What the logger blanks wherever it appears, in case a request, its headers or a config object is
 * ever logged: credentials never reach the log. The request line below logs none of them anyway.
 */
export const LOG_REDACT = {
  paths: [
    'req.headers.authorization',
    'req.headers["x-api-key"]',
    'req.headers.cookie',
    'headers.authorization',
    'headers["x-api-key"]',
    'headers.cookie',
    '*.authorization',
    '*["x-api-key"]',
    '*.jwtSecret',
    '*.adminToken',
    '*.password',
    '*.token',
  ],
  censor: '[redacted]',
};

/** Routes whose requests are logged at debug only: probes and scrapes would drown the rest. */
function isProbe(route: string | undefined): boolean {
  return route === '/health' || route?.startsWith('/health/') === true || route === '/metrics';
}

/**
 * One log line per request, when its response is sent: the request id (`reqId`), method, route
 * pattern (never the raw URL: no ids or query values), status, duration, the kind of principal
 * and its project. Never headers or bodies. 5xx lines are errors; the cause is logged beside them.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    const principal = request.principal;
    const line = {
      method: request.method,
      route: route ?? null,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 100) / 100,
      principal: principal?.kind ?? 'anonymous',
      project: principal?.projectId ?? null,
    };
    if (isProbe(route)) request.log.debug(line, 'request');
    else if (reply.statusCode >= 500) request.log.error(line, 'request');
    else request.log.info(line, 'request');
    done();
  });
}
