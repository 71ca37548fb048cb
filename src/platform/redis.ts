import { Redis, type RedisOptions } from 'ioredis';

/**
 * Redis connection for scale mode. Every key gets the deployment prefix (ioredis `keyPrefix`);
 * pub/sub channels do not get it from ioredis, so callers name them with `channel()`.
 *
 * While Redis is away, commands fail at once instead of waiting in ioredis' offline queue (which
 * held requests for as long as the outage lasted), and a command Redis does not answer fails after
 * COMMAND_TIMEOUT_MS; the caller turns either into a 503 or a fallback. ioredis reconnects by itself.
 */
export interface RedisHandle {
  readonly client: Redis;
  readonly prefix: string;
  channel(name: string): string;
  /** A second connection for pub/sub (it queues its subscribe commands until connected); closed with the handle. */
  duplicate(): Redis;
  /**
   * False while the connection is down, and for SUSPECT_MS after a command timed out (Redis hung
   * or the path to it is broken), so callers skip Redis at once instead of each waiting out the
   * timeout. After that, the next command tries again.
   */
  available(): boolean;
  /** Tells the handle a command failed; a timeout makes Redis unavailable for SUSPECT_MS. */
  noteFailure(err: unknown): void;
  close(): Promise<void>;
}

export const COMMAND_TIMEOUT_MS = 800;
const SUSPECT_MS = 1_000;
/** How long the start waits for Redis before it gives up with a clear message. */
const START_TIMEOUT_MS = 10_000;

/** Reconnect soon, and never wait more than a second between tries. */
const retryStrategy = (times: number) => Math.min(times * 100, 1_000);

export async function openRedis(url: string, prefix: string): Promise<RedisHandle> {
  const options: RedisOptions = {
    keyPrefix: prefix,
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableAutoPipelining: true,
    retryStrategy,
  };
  const client = new Redis(url, options);
  const extra: Redis[] = [];
  // Connection errors surface on the commands that fail; the 'error' event alone must not crash.
  client.on('error', () => undefined);
  let suspectUntil = 0;
  client.on('ready', () => (suspectUntil = 0));
  const handle: RedisHandle = {
    client,
    prefix,
    available: () => client.status === 'ready' && performance.now() >= suspectUntil,
    noteFailure(err) {
      if (err instanceof Error && err.message.startsWith('Command timed out')) suspectUntil = performance.now() + SUSPECT_MS;
    },
    channel: (name) => `${prefix}${name}`,
    duplicate() {
      const d = new Redis(url, { connectTimeout: COMMAND_TIMEOUT_MS, retryStrategy });
      d.on('error', () => undefined);
      extra.push(d);
      return d;
    },
    async close() {
      await Promise.all([client, ...extra].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
  try {
    await untilReady(client, url);
  } catch (err) {
    client.disconnect();
    throw err;
  }
  return handle;
}

function untilReady(client: Redis, url: string): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('ready', ready);
      reject(new Error(`Redis at ${new URL(url).host} did not answer within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    const ready = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once('ready', ready);
  });
}

/**
 * Deletes every key of this deployment that matches `pattern` (a SCAN glob, without the deployment
 * prefix), in batches of SCAN's pages. SCAN's MATCH does not get ioredis' keyPrefix, and the keys it
 * answers carry it, so the prefix is added to the pattern and taken off the keys given to DEL.
 */
export async function deleteKeysMatching(redis: RedisHandle, pattern: string): Promise<number> {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.client.scan(cursor, 'MATCH', `${redis.prefix}${pattern}`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) deleted += await redis.client.del(...keys.map((k) => k.slice(redis.prefix.length)));
  } while (cursor !== '0');
  return deleted;
}

/** Deletes every key of a prefix (tests clean up after themselves with it). */
export async function deleteKeysWithPrefix(url: string, prefix: string): Promise<void> {
  const raw = new Redis(url, { maxRetriesPerRequest: 3 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await raw.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await raw.del(...keys);
    } while (cursor !== '0');
  } finally {
    raw.disconnect();
  }
}
