import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { smallestBodyHint } from './smallest-bodies.js';
import { unreachableStore, type StoreName } from '../platform/store-outage.js';
import { AppError, ERRORS, type ErrorCode } from './errors.js';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code: ErrorCode;
}

export function errorBody(statusCode: number, code: ErrorCode, message: string): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, code };
}

/**
 * A missing property of a body that has a smallest valid body (an admin create) is answered with
 * that body, so the caller sees the whole shape, not only the first field it lacks.
 */
function withBodyHint(err: FastifyError, request: FastifyRequest): string {
  if (err.validationContext !== 'body' || err.validation?.[0]?.keyword !== 'required') return err.message;
  const hint = smallestBodyHint(`${request.method} ${request.routeOptions.url ?? ''}`.replace(/:([A-Za-z]+)/g, '{$1}'));
  return hint ? `${err.message}: ${hint}` : err.message;
}

/** Fastify's own error codes, mapped to ours. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_VALIDATION: 'VALIDATION_ERROR',
};

/** What a client is told when a store the request needs cannot be reached. */
export const STORE_NAMES: Record<StoreName, string> = { database: 'The database', redis: 'Redis' };

export function storeUnavailableBody(store: StoreName): ErrorBody {
  return errorBody(503, 'STORE_UNAVAILABLE', `${STORE_NAMES[store]} is unreachable; retry later`);
}

/**
 * Every error leaves as the body of docs/api.md (Responses and errors). Schema errors are 400
 * VALIDATION_ERROR; an unreachable store is 503 STORE_UNAVAILABLE naming the store, with
 * Retry-After; any other 5xx never says more than "Internal Server Error" (the details go to the log).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send(errorBody(err.statusCode, err.code, err.message));
    }
    if ((err as FastifyError).validation) {
      return reply.status(400).send(errorBody(400, 'VALIDATION_ERROR', withBodyHint(err as FastifyError, request)));
    }
    const store = unreachableStore(err);
    if (store) {
      request.log.warn({ err: err.message, store }, 'store unreachable');
      return reply.status(503).header('retry-after', '1').send(storeUnavailableBody(store));
    }
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(status).send(errorBody(status, 'INTERNAL', 'Internal Server Error'));
    }
    if (err instanceof SyntaxError) {
      return reply.status(400).send(errorBody(400, 'INVALID_JSON', 'Body is not valid JSON'));
    }
    const own = typeof err.code === 'string' && err.code in ERRORS ? (err.code as ErrorCode) : null;
    const code = FASTIFY_CODES[err.code ?? ''] ?? own ?? 'BAD_REQUEST';
    return reply.status(status).send(errorBody(status, code, err.message));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(404, 'NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
}
