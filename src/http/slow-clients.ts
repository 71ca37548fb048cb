import type { Server } from 'node:http';
import type { Config } from '../config.js';

/**
 * Fastify's server options against slow clients (decision 213): a request's headers must arrive
 * within LAUREL_HEADERS_TIMEOUT_MS (10 s) and the whole request within LAUREL_REQUEST_TIMEOUT_MS
 * (30 s), else Node answers 408 and closes the connection; an idle keep-alive connection closes after
 * LAUREL_KEEP_ALIVE_TIMEOUT_MS (5 s). Node looks for expired connections every
 * `connectionsCheckingInterval` (30 s by default, which would let a slow client hold a socket for
 * 40 s): here a tenth of the headers timeout, at most a second. Idle sockets cost the event loop
 * nothing, so /health answers at once while hundreds of them are open.
 */
export function slowClientLimits(config: Pick<Config, 'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs'>) {
  return {
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(config.headersTimeoutMs / 10))),
    },
  };
}

/**
 * Node 22.19+ keeps an idle keep-alive socket open for `keepAliveTimeoutBuffer` (1 s) beyond the
 * timeout it announces; Laurel closes it at the announced time, so "idle connections close after
 * 5 s" holds on every Node version. Clients that honour `Keep-Alive: timeout=5` stop reusing the
 * connection before that (the compose file's nginx keeps its upstream connections for 4 s).
 */
export function closeIdleAtTheAnnouncedTime(server: Server): void {
  if ('keepAliveTimeoutBuffer' in server) Object.assign(server, { keepAliveTimeoutBuffer: 0 });
}
