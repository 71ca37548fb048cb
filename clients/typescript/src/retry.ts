/**
 * The client's fetch: an Idempotency-Key on every write (so a retry, or a repeat after a lost
 * answer, changes nothing twice) and retries with backoff when Laurel answers 429 (rate limit) or
 * 503 (a store is unreachable), waiting what its Retry-After header asks for.
 */

export interface RetryOptions {
  /** Retries after the first attempt (default 3; 0 turns retrying off). */
  retries?: number;
  /** First backoff when the answer has no Retry-After, doubled each retry (default 200 ms). */
  baseDelayMs?: number;
  /** Longest wait before a retry, Retry-After included (default 10 s). */
  maxDelayMs?: number;
}

export interface LaurelFetchOptions extends RetryOptions {
  /** Send an Idempotency-Key on POST, PUT, PATCH and DELETE when the call has none (default true). */
  idempotencyKeys?: boolean;
  /** The fetch to wrap (default: the global fetch). */
  fetch?: (request: Request) => Promise<Response>;
  /** How to wait (tests); default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** A new key (tests); default crypto.randomUUID(). */
  newKey?: () => string;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const RETRIED = new Set([429, 503]);

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Math.round(Number(header) * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The wait before retry number `attempt` (1-based): Retry-After when given, else exponential backoff with jitter; capped. */
export function retryDelayMs(attempt: number, response: Response, options: RetryOptions = {}, random = Math.random): number {
  const max = options.maxDelayMs ?? 10_000;
  const asked = retryAfterMs(response.headers.get('retry-after'));
  if (asked !== null) return Math.min(asked, max);
  const base = (options.baseDelayMs ?? 200) * 2 ** (attempt - 1);
  return Math.min(max, Math.round(base / 2 + random() * (base / 2)));
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A fetch with Idempotency-Keys on writes and retries on 429/503 (see LaurelFetchOptions). */
export function laurelFetch(options: LaurelFetchOptions = {}): (request: Request) => Promise<Response> {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const sleep = options.sleep ?? sleepFor;
  const newKey = options.newKey ?? (() => globalThis.crypto.randomUUID());
  const retries = options.retries ?? 3;
  return async (request) => {
    // One key for the call, so every retry is the same request to the service.
    if ((options.idempotencyKeys ?? true) && WRITES.has(request.method) && !request.headers.has('idempotency-key')) {
      request.headers.set('idempotency-key', newKey());
    }
    for (let attempt = 1; ; attempt++) {
      // The body of a Request can be read once: each attempt sends a copy.
      const response = await send(attempt <= retries ? request.clone() : request);
      if (!RETRIED.has(response.status) || attempt > retries) return response;
      await response.body?.cancel();
      await sleep(retryDelayMs(attempt, response, options));
    }
  };
}
