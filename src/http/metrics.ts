import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CommitterStats } from '../write-path/batch-committer.js';

/**
 * Prometheus metrics at GET /metrics: request counts and latency by route and status, and the
 * write path's batches (units ÷ batches is the mean batch size), the live streams open on this instance,
 * and in scale mode the PostgreSQL connection pool (connections, idle ones, requests waiting for one).
 */
export function registerMetrics(app: FastifyInstance, writes: () => CommitterStats, liveStreams: () => number = () => 0): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'laurel_' });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'laurel_http_requests_total', help: 'HTTP requests', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'laurel_http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  const writeCounter = (name: string, help: string, field: keyof CommitterStats) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(writes()[field]);
      },
    });
  writeCounter('laurel_write_batches_total', 'Write batches committed (one transaction each)', 'batches');
  writeCounter('laurel_write_units_total', 'Units (events, redemptions, survey answers, adjustments) in committed write batches', 'units');
  writeCounter('laurel_write_batch_retries_total', 'Write batches retried after a deadlock or serialization failure', 'retries');
  writeCounter('laurel_write_batch_splits_total', 'Write batches that failed as a whole and were applied unit by unit', 'splits');
  writeCounter(
    'laurel_write_batch_round_trips_total',
    'Round trips to PostgreSQL of the committed write batches, the COMMIT included (per batch: divide by laurel_write_batches_total)',
    'roundTrips',
  );

  new Gauge({
    name: 'laurel_live_streams',
    help: 'Live streams (SSE) open on this instance',
    registers: [registry],
    collect() {
      this.set(liveStreams());
    },
  });
  const pool = app.platform.db.pool;
  if (pool) {
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    poolGauge('laurel_db_pool_connections', 'PostgreSQL connections of the pool (busy and idle)', () => pool.totalCount);
    poolGauge('laurel_db_pool_idle', 'Idle PostgreSQL connections of the pool', () => pool.idleCount);
    poolGauge(
      'laurel_db_pool_waiting',
      'Queries and transactions waiting for a PostgreSQL connection of the pool',
      () => pool.waitingCount,
    );
  }

  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { config: { auth: 'public' }, schema: { hide: true } }, async (_req, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}
