// Fails (exit 1) unless the PostgreSQL and Redis of LAUREL_TEST_POSTGRES_URL / LAUREL_TEST_REDIS_URL answer.
import pg from 'pg';
import { Redis } from 'ioredis';

const pgUrl = process.env.LAUREL_TEST_POSTGRES_URL;
const redisUrl = process.env.LAUREL_TEST_REDIS_URL;
if (!pgUrl || !redisUrl) {
  console.error('check-services: LAUREL_TEST_POSTGRES_URL and LAUREL_TEST_REDIS_URL must both be set');
  process.exit(1);
}
let failed = false;
const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  await client.query('select 1');
  console.log(`check-services: PostgreSQL at ${new URL(pgUrl).host} answers`);
} catch (err) {
  console.error(`check-services: PostgreSQL at ${pgUrl} is unreachable: ${err.message}`);
  failed = true;
} finally {
  await client.end().catch(() => {});
}
const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, retryStrategy: () => null, connectTimeout: 5000, lazyConnect: true });
redis.on('error', () => {});
try {
  await redis.connect();
  await redis.ping();
  console.log(`check-services: Redis at ${new URL(redisUrl).host} answers`);
} catch (err) {
  console.error(`check-services: Redis at ${redisUrl} is unreachable: ${err.message}`);
  failed = true;
} finally {
  redis.disconnect();
}
process.exit(failed ? 1 : 0);
