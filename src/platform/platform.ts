import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { InvalidationBus } from './bus.js';
import { AdjustableClock, SystemClock, type Clock } from './clock.js';
import { openDatabase, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { openRedis, type RedisHandle } from './redis.js';

/**
 * What differs between embedded and scale mode, opened once per process and handed to every
 * service: the store, Redis (scale mode only), the clock and the invalidation bus. Opening it
 * connects and migrates; the bus subscribes when the services start (services.ts), and `close()`
 * closes the store and Redis after the services have closed.
 */
export interface Platform {
  readonly config: Config;
  readonly db: Database;
  readonly redis: RedisHandle | null;
  readonly clock: Clock;
  /** The test clock when LAUREL_TEST_CLOCK=1, else null. */
  readonly testClock: AdjustableClock | null;
  readonly bus: InvalidationBus;
  readonly log: FastifyBaseLogger;
  close(): Promise<void>;
}

export interface PlatformOptions {
  /** An in-memory SQLite store to start from (tests; see OpenDatabaseOptions.sqliteImage). */
  sqliteImage?: Buffer;
}

export async function openPlatform(config: Config, log: FastifyBaseLogger, options: PlatformOptions = {}): Promise<Platform> {
  const db = openDatabase(config.databaseUrl, { sqliteImage: options.sqliteImage, pooler: config.databasePooler });
  let redis: RedisHandle | null = null;
  try {
    await db.ping();
    await migrateToLatest(db);
    if (config.redisUrl) {
      redis = await openRedis(config.redisUrl, config.redisPrefix);
      await redis.client.ping();
    }
  } catch (err) {
    await redis?.close();
    await db.close();
    throw err;
  }
  const testClock = config.testClock ? new AdjustableClock() : null;
  const clock: Clock = testClock ?? new SystemClock();
  const bus = new InvalidationBus(redis, log);
  if (testClock && redis) {
    // The test clock is shared by all instances in scale mode.
    const stored = await redis.client.get('test-clock-offset');
    if (stored !== null) testClock.setOffset(Number(stored));
    bus.on('clock', (offset) => testClock.setOffset(Number(offset)));
  }
  return {
    config,
    db,
    redis,
    clock,
    testClock,
    bus,
    log,
    async close() {
      await redis?.close();
      await db.close();
    },
  };
}
