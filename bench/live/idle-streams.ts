/**
 * Live streams benchmark (npm run bench:live; the lead runs it, issue 31's targets): the built server
 * with BENCH_STREAMS (10,000) idle user streams open — memory per stream (the server's RSS before and
 * after) and CPU at rest (heartbeats only, over BENCH_IDLE_SECONDS) — then the push latency from an
 * event's request to its `points.changed` on a stream (BENCH_PROBES events, p50/p99) while they stay
 * open. Embedded by default; scale mode when DATABASE_URL is postgres://… (REDIS_URL too), where
 * BENCH_INSTANCES=2 starts two instances: the streams on the second, the events sent to the first (the
 * push goes through Redis, as for a user whose app is connected to another instance).
 *
 * Opening 10,000 streams needs that many file descriptors on both sides: `ulimit -n 30000` first.
 * Env: BENCH_STREAMS (10000), BENCH_IDLE_SECONDS (30), BENCH_HEARTBEAT_MS (15000), BENCH_PROBES (200), BENCH_INSTANCES (1).
 * The functions below are also used by test/bench/live-idle.test.ts with a few streams.
 */
import { readFileSync } from 'node:fs';
import { Agent, request, type IncomingMessage } from 'node:http';
import { pathToFileURL } from 'node:url';
import { SignJWT } from 'jose';

/** Streams opened by `openStreams`, and what arrived on them. */
export interface OpenedStreams {
  open: number;
  failed: number;
  heartbeats: number;
  /** Each `event:` received, with when (performance.now()). */
  onMessage: ((stream: number, event: string, data: string) => void) | null;
  close(): void;
}

/** Opens `count` SSE streams (`path(i)`, `headers(i)`), `concurrency` at a time; each is read and parsed as it streams. */
export async function openStreams(
  base: string,
  count: number,
  path: (i: number) => string,
  headers: (i: number) => Record<string, string>,
  concurrency = 200,
): Promise<OpenedStreams> {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const responses: IncomingMessage[] = [];
  const opened: OpenedStreams = {
    open: 0,
    failed: 0,
    heartbeats: 0,
    onMessage: null,
    close() {
      for (const r of responses) r.destroy();
      agent.destroy();
    },
  };
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const req = request(
        { host: url.hostname, port: url.port, path: path(i), agent, headers: { accept: 'text/event-stream', ...headers(i) } },
        (res) => {
          if (res.statusCode !== 200) {
            opened.failed++;
            res.resume();
            return resolve();
          }
          opened.open++;
          responses.push(res);
          res.setEncoding('utf8');
          let pending = '';
          res.on('data', (chunk: string) => {
            pending += chunk;
            let end: number;
            while ((end = pending.indexOf('\n\n')) >= 0) {
              const block = pending.slice(0, end);
              pending = pending.slice(end + 2);
              if (block.startsWith(':')) opened.heartbeats++;
              const event = /^event: (.*)$/m.exec(block)?.[1];
              const data = /^data: (.*)$/m.exec(block)?.[1];
              if (event && data !== undefined) opened.onMessage?.(i, event, data);
            }
          });
          res.on('error', () => undefined);
          resolve();
        },
      );
      req.on('error', () => {
        opened.failed++;
        resolve();
      });
      req.end();
    });
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await one(next++);
    }),
  );
  return opened;
}

/**
 * Push latency: for each of `probes` events sent one after another to `sendEvent`, the time from
 * sending it to its `points.changed` arriving on stream `stream` of `streams` (ms, sorted).
 */
export async function pushLatencies(
  streams: OpenedStreams,
  stream: number,
  probes: number,
  sendEvent: () => Promise<void>,
): Promise<number[]> {
  const latencies: number[] = [];
  let arrived: (() => void) | null = null;
  streams.onMessage = (i, event) => {
    if (i === stream && event === 'points.changed') arrived?.();
  };
  for (let n = 0; n < probes; n++) {
    const start = performance.now();
    const got = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no points.changed within 10 s')), 10_000);
      arrived = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    await sendEvent();
    await got;
    latencies.push(performance.now() - start);
  }
  streams.onMessage = null;
  return latencies.sort((a, b) => a - b);
}

/** The resident memory of a process, bytes (Linux /proc). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) * 1024;
}

async function main(): Promise<void> {
  const { spawnServer, stop } = await import('../lib/bench-server.js');
  const { createBenchStore, mode, scaleUrl } = await import('../lib/bench-store.js');
  const { cpuMs, percentile } = await import('../lib/measure.js');
  const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
  const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
  const PROBES = Number(process.env.BENCH_PROBES ?? 200);
  const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
  if (INSTANCES !== 1 && (INSTANCES !== 2 || !scaleUrl)) throw new Error('BENCH_INSTANCES=2 needs scale mode (DATABASE_URL=postgres://…)');
  const JWT_SECRET = 'bench-secret-0123456789abcdefghijklmnopqrstuv';
  const ADMIN_TOKEN = 'bench-admin-token-0123456789';
  const store = await createBenchStore('live', {
    JWT_SECRET,
    ADMIN_TOKEN,
    LAUREL_LIVE_HEARTBEAT_MS: process.env.BENCH_HEARTBEAT_MS ?? '15000',
    LAUREL_LIVE_MAX_STREAMS: String(STREAMS + 10),
  });
  const servers = await Promise.all(Array.from({ length: INSTANCES }, () => spawnServer('src/main.ts', store.env)));
  // Events go to the first instance, the streams are held by the last (the same one when there is one).
  const { base } = servers[0]!;
  const { child, base: holder } = servers[servers.length - 1]!;
  try {
    const pid = child.pid!;
    const service = await new SignJWT({ role: 'service' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('bench')
      .setExpirationTime('2h')
      .sign(new TextEncoder().encode(JWT_SECRET));
    const auth = { authorization: `Bearer ${service}` };
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
    const defined = await fetch(`${base}/admin/event`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ eventId: 'buy', title: 'Buy', reward: { default: 1 } }),
    });
    if (defined.status !== 201) throw new Error(`event definition: ${defined.status}`);
    const probeUser = await fetch(`${base}/user`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"userId":"u0"}',
    });
    if (probeUser.status !== 201) throw new Error(`user: ${probeUser.status}`);
    await new Promise((r) => setTimeout(r, 1_000));
    const rssBefore = rssBytes(pid);
    const t0 = performance.now();
    const streams = await openStreams(
      holder,
      STREAMS,
      (i) => `/user/u${i}/stream`,
      () => auth,
    );
    const openSeconds = (performance.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 2_000));
    const rssAfter = rssBytes(pid);
    const cpuStart = cpuMs(pid);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const cpuIdle = cpuMs(pid) - cpuStart;
    const latencies = await pushLatencies(streams, 0, PROBES, async () => {
      const res = await fetch(`${base}/event`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{"userId":"u0","eventId":"buy"}',
      });
      if (res.status !== 200) throw new Error(`event: ${res.status}`);
      await res.arrayBuffer();
    });
    console.log(
      JSON.stringify(
        {
          mode,
          instances: INSTANCES,
          streams: streams.open,
          failed: streams.failed,
          openSeconds: Number(openSeconds.toFixed(1)),
          rssMbBefore: Math.round(rssBefore / 1e6),
          rssMbAfter: Math.round(rssAfter / 1e6),
          kbPerStream: Number(((rssAfter - rssBefore) / Math.max(1, streams.open) / 1024).toFixed(1)),
          idleCpuPercent: Number(((cpuIdle / (IDLE_SECONDS * 1000)) * 100).toFixed(2)),
          heartbeatsReceived: streams.heartbeats,
          pushLatencyMs: { p50: Number(percentile(latencies, 50).toFixed(1)), p99: Number(percentile(latencies, 99).toFixed(1)) },
        },
        null,
        2,
      ),
    );
    streams.close();
  } finally {
    for (const s of servers) await stop(s.child);
    await store.cleanup();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
