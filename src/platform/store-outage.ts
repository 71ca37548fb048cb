/**
 * Tells an unreachable store from a fault of the request or of the code, so the error handler can
 * answer 503 (retry later) instead of 500. The errors come from pg, ioredis and better-sqlite3 as
 * they are; only connection-level failures count, never a constraint or syntax error.
 */
export type StoreName = 'database' | 'redis';

/** Node socket errors: the server is gone, refused, or the network path is broken. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

/**
 * PostgreSQL SQLSTATEs of an unavailable server: class 08 (connection exception), 57P01–57P03
 * (terminated by the administrator, crash shutdown, starting up), 53300 (too many connections).
 */
const PG_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;

/** pg and pg-pool report lost or timed-out connections by message only. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/** ioredis, with its offline queue off and a command timeout: every way a command fails for want of Redis. */
const REDIS_MESSAGES = [
  "Stream isn't writeable",
  'Connection is closed',
  'Command timed out',
  'Socket timeout',
  'Reached the max retries per request limit',
];
const REDIS_REPLIES = /^(LOADING|MASTERDOWN|TRYAGAIN|BUSY) /;

/** The store an error says is unreachable, or null for any other error. */
export function unreachableStore(err: unknown): StoreName | null {
  if (!(err instanceof Error)) return null;
  if (err instanceof StoreUnavailable) return err.store;
  const code = (err as { code?: unknown }).code;
  const { name, message } = err;
  if (name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.some((m) => message.startsWith(m))) return 'redis';
  if (name === 'ReplyError' && REDIS_REPLIES.test(message)) return 'redis';
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || PG_UNAVAILABLE.test(code))) return 'database';
  if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN)/.test(code)) return 'database';
  if (PG_MESSAGES.some((m) => message.startsWith(m))) return 'database';
  return null;
}

/** Thrown where Laurel itself finds a store unreachable (a check that ran out of time). */
export class StoreUnavailable extends Error {
  constructor(readonly store: StoreName) {
    super(`${store} unavailable`);
    this.name = 'StoreUnavailable';
  }
}

/** Rejects with StoreUnavailable when `work` has not settled within `ms`. */
export async function within<T>(ms: number, store: StoreName, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreUnavailable(store)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
