import { Redis } from 'ioredis';

/**
 * Redis connection for scale mode. Every key gets the deployment prefix (ioredis `keyPrefix`);
 * pub/sub channels do not get it from ioredis, so callers name them with `channel()`.
 */
export interface RedisHandle {
  readonly client: Redis;
  readonly prefix: string;
  channel(name: string): string;
  /** A second connection (pub/sub needs its own); closed with the handle. */
  duplicate(): Redis;
  close(): Promise<void>;
}

export function openRedis(url: string, prefix: string): RedisHandle {
  const options = { keyPrefix: prefix, maxRetriesPerRequest: 3, enableAutoPipelining: true };
  const client = new Redis(url, options);
  const extra: Redis[] = [];
  // Connection errors surface on the commands that fail; the 'error' event alone must not crash.
  client.on('error', () => undefined);
  return {
    client,
    prefix,
    channel: (name) => `${prefix}${name}`,
    duplicate() {
      const d = new Redis(url, { maxRetriesPerRequest: 3 });
      d.on('error', () => undefined);
      extra.push(d);
      return d;
    },
    async close() {
      await Promise.all([client, ...extra].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
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
