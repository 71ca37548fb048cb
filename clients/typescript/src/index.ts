import createFetchClient, { type Client } from 'openapi-fetch';
import { laurelFetch, type RetryOptions } from './retry.js';
import type { paths } from './schema.js';

export { laurelFetch, retryAfterMs, retryDelayMs, type LaurelFetchOptions, type RetryOptions } from './retry.js';

export type { components, operations, paths } from './schema.js';
export { subscribe, type LiveEvents, type LiveHandlers, type LiveSubscription, type SubscribeOptions } from './live.js';

/** How the client authenticates: a user or service JWT, an API key, or the admin token with a project. */
export type LaurelAuth =
  { token: string | (() => string | Promise<string>) } | { apiKey: string } | { adminToken: string; projectId?: string };

export interface LaurelClientOptions extends RetryOptions {
  /** Where Laurel is served, e.g. http://localhost:3000 (a /v1 prefix is accepted too). */
  baseUrl: string;
  auth?: LaurelAuth;
  /** A fetch of your own (tests, proxies); the global fetch by default. */
  fetch?: (request: Request) => Promise<Response>;
  /** Send an Idempotency-Key on every write that has none (default true): a retried write changes nothing twice. */
  idempotencyKeys?: boolean;
}

/** An error answer of the service: the body every 4xx and 5xx has ({ statusCode, error, message, code }). */
export class LaurelError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly error: string,
  ) {
    super(message);
    this.name = 'LaurelError';
  }
}

/**
 * A typed client: every path, parameter, body and response of the OpenAPI document is checked by
 * the compiler. Calls answer `{ data, error, response }` (openapi-fetch); `unwrap` turns them into
 * the data or a thrown LaurelError. Writes carry an Idempotency-Key; 429 and 503 are retried with
 * backoff, honouring Retry-After (retry.ts).
 *
 *   const laurel = createLaurelClient({ baseUrl, auth: { token } });
 *   const result = await unwrap(laurel.POST('/event', { body: { eventId: 'purchase', userId: 'alice' } }));
 */
export function createLaurelClient(options: LaurelClientOptions): Client<paths> {
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    fetch: laurelFetch({
      fetch: options.fetch,
      idempotencyKeys: options.idempotencyKeys,
      retries: options.retries,
      baseDelayMs: options.baseDelayMs,
      maxDelayMs: options.maxDelayMs,
    }),
  });
  const auth = options.auth;
  if (auth) {
    client.use({
      async onRequest({ request }) {
        if ('token' in auth)
          request.headers.set('authorization', `Bearer ${typeof auth.token === 'function' ? await auth.token() : auth.token}`);
        else if ('apiKey' in auth) request.headers.set('x-api-key', auth.apiKey);
        else {
          request.headers.set('authorization', `Bearer ${auth.adminToken}`);
          if (auth.projectId) request.headers.set('x-project-id', auth.projectId);
        }
        return request;
      },
    });
  }
  return client;
}

/** The data of a successful call, or a LaurelError with the service's error body. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  const body = (error ?? {}) as { statusCode?: number; code?: string; message?: string; error?: string };
  throw new LaurelError(
    body.statusCode ?? response.status,
    body.code ?? 'UNKNOWN',
    body.message ?? response.statusText,
    body.error ?? response.statusText,
  );
}
