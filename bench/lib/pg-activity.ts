import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';

/**
 * What PostgreSQL's sessions of one database wait for during a benchmark run (BENCH_PG_ACTIVITY=1
 * of bench:ingest): every `intervalMs` it reads pg_stat_activity (state, wait event, the query's
 * first characters, how long the query and the transaction have run, who blocks a waiting session)
 * and each instance's pool gauges from /metrics (laurel_db_pool_waiting: requests queued for a
 * connection). `stop()` ends the sampling and answers a markdown summary.
 */
export interface ActivitySampler {
  /** Notes a moment of the run (its offset is printed in the summary). */
  mark(what: string): void;
  stop(): Promise<string>;
}

interface Session {
  pid: number;
  /** The instance's PGAPPNAME (bench:ingest sets laurel-bench-1, -2, …). */
  application_name: string;
  state: string | null;
  wait_event_type: string | null;
  wait_event: string | null;
  query: string;
  query_ms: number | null;
  xact_ms: number | null;
  blockers: number[];
}

interface Sample {
  at: number;
  sessions: Session[];
  /** laurel_db_pool_waiting of each instance (null when its /metrics did not answer in time). */
  poolWaiting: Array<number | null>;
  poolConnections: Array<number | null>;
  /** How long the pg_stat_activity query and the /metrics reads took (ms). */
  queryMs: number;
  gaugeMs: number;
}

/** How much of a statement the summary shows, after its column lists are shortened to `…`. */
const QUERY_PREFIX = 150;

interface Counters {
  checkpointsRequested: number;
  checkpointsTimed: number;
  deadlocks: number;
  /** laurel_write_batch_retries_total summed over the instances (batches retried after a deadlock or serialization failure). */
  retries: number;
}

/** `select "t"."a", "t"."b" from "users" as t … for update` → `select … from "users" as t … for update`: the table and the lock show. */
function compact(query: string): string {
  const short = query
    .replace(/^select .+? from /i, 'select … from ')
    .replace(/^(insert into \S+(?: as \w+)?) \([^()]*\)/i, '$1 (…)')
    .replace(/ values \(.*?\)( on conflict| returning|$)/i, ' values (…)$1');
  const lock = /\bfor (no key update|update|key share|share)( of [\w", ]+?)?( skip locked| nowait)?\s*;?\s*$/i.exec(query)?.[0].trim();
  const head = short.slice(0, QUERY_PREFIX);
  return lock && !head.endsWith(lock) ? `${head} … ${lock}` : head;
}

export async function sampleActivity(serverUrl: string, database: string, instances: string[], intervalMs = 100): Promise<ActivitySampler> {
  const client = new pg.Client({ connectionString: serverUrl, application_name: 'laurel-bench-activity' });
  await client.connect();
  const samples: Sample[] = [];
  let running = true;
  const counters = async (): Promise<Counters> => {
    const bg = await client.query<{ requested: number; timed: number }>(
      'select checkpoints_req::float8 as requested, checkpoints_timed::float8 as timed from pg_stat_bgwriter',
    );
    const db = await client.query<{ deadlocks: number }>('select deadlocks::float8 as deadlocks from pg_stat_database where datname = $1', [
      database,
    ]);
    let retries = 0;
    for (const base of instances) {
      const text = await (await fetch(`${base}/metrics`)).text();
      retries += Number(/^laurel_write_batch_retries_total (\d+)$/m.exec(text)?.[1] ?? 0);
    }
    return {
      checkpointsRequested: bg.rows[0]!.requested,
      checkpointsTimed: bg.rows[0]!.timed,
      deadlocks: db.rows[0]?.deadlocks ?? 0,
      retries,
    };
  };
  const first = await counters();
  // The load generator (autocannon) runs in this process: a stall of its event loop delays the
  // samples and adds to every latency it measures, so it is reported beside them.
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();
  const gauge = async (base: string) => {
    try {
      const text = await (await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(intervalMs * 5) })).text();
      const read = (name: string) => {
        const m = new RegExp(`^${name} (\\d+)$`, 'm').exec(text);
        return m ? Number(m[1]) : null;
      };
      return { waiting: read('laurel_db_pool_waiting'), connections: read('laurel_db_pool_connections') };
    } catch {
      return { waiting: null, connections: null };
    }
  };
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      let queryMs = 0;
      let gaugeMs = 0;
      const [activity, gauges] = await Promise.all([
        timed(
          (ms) => (queryMs = ms),
          client.query<Session>(
            `select pid, application_name, state, wait_event_type, wait_event, left(regexp_replace(query, '\\s+', ' ', 'g'), 4000) as query,
                  (extract(epoch from clock_timestamp() - query_start) * 1000)::float8 as query_ms,
                  (extract(epoch from clock_timestamp() - xact_start) * 1000)::float8 as xact_ms,
                  pg_blocking_pids(pid) as blockers
             from pg_stat_activity
            where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'`,
            [database],
          ),
        ),
        timed((ms) => (gaugeMs = ms), Promise.all(instances.map(gauge))),
      ]);
      samples.push({
        at: started,
        sessions: activity.rows.map((x) => ({ ...x, query: compact(x.query) })),
        poolWaiting: gauges.map((g) => g.waiting),
        poolConnections: gauges.map((g) => g.connections),
        queryMs,
        gaugeMs,
      });
      const rest = intervalMs - (Date.now() - started);
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    }
  })();
  const marks: Array<{ what: string; at: number }> = [];
  return {
    mark(what) {
      marks.push({ what, at: Date.now() });
    },
    async stop() {
      running = false;
      await loop;
      loopDelay.disable();
      const stall = { max: loopDelay.max / 1e6, p99: loopDelay.percentile(99) / 1e6 };
      const last = await counters();
      await client.end();
      return summarize(samples, instances.length, intervalMs, first, last, stall, marks);
    },
  };
}

async function timed<T>(record: (ms: number) => void, work: Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work;
  } finally {
    record(Date.now() - started);
  }
}

function summarize(
  samples: Sample[],
  instances: number,
  intervalMs: number,
  first: Counters,
  last: Counters,
  stall: { max: number; p99: number },
  marks: Array<{ what: string; at: number }>,
): string {
  if (samples.length === 0) return 'No samples.';
  const out: string[] = [];
  const start = samples[0]!.at;
  const seconds = (samples.at(-1)!.at - start) / 1000;
  const gaps = samples.slice(1).map((s, i) => ({ ms: s.at - samples[i]!.at, at: (samples[i]!.at - start) / 1000 }));
  const gap = gaps.reduce((a, b) => (b.ms > a.ms ? b : a), { ms: 0, at: 0 });
  const slowest = samples.reduce((a, b) => (b.queryMs + b.gaugeMs > a.queryMs + a.gaugeMs ? b : a));
  out.push(
    `${samples.length} samples of pg_stat_activity over ${seconds.toFixed(1)} s (every ${intervalMs} ms; ` +
      `longest gap between samples ${gap.ms} ms, from ${gap.at.toFixed(1)} s into the run; the slowest sample took ` +
      `${slowest.queryMs} ms for pg_stat_activity and ${slowest.gaugeMs} ms for /metrics, ` +
      `${((slowest.at - start) / 1000).toFixed(1)} s into the run).`,
    `The load generator's own event loop (autocannon runs in this process; its stalls add to the latencies it measures): ` +
      `delay max ${Math.round(stall.max)} ms, p99 ${Math.round(stall.p99)} ms; gaps of a second or more between samples: ` +
      (gaps
        .filter((g) => g.ms >= 1000)
        .map((g) => `${g.ms} ms from ${g.at.toFixed(1)} s`)
        .join(', ') || 'none') +
      '.',
    ...marks.map((m) => `${((m.at - start) / 1000).toFixed(1)} s into the run: ${m.what}.`),
    `Meanwhile: ${last.checkpointsRequested - first.checkpointsRequested} requested checkpoints (CREATE/DROP DATABASE of other users ` +
      `of this PostgreSQL force one) and ${last.checkpointsTimed - first.checkpointsTimed} timed; ` +
      `${last.deadlocks - first.deadlocks} deadlocks in the database; ` +
      `${last.retries - first.retries} write batches retried by the instances.`,
  );

  // The worst seconds: most sessions waiting for a lock at once, and committing (WALSync) at once.
  const perSecond = new Map<number, { lock: number; wal: number; active: number }>();
  for (const s of samples) {
    const sec = Math.floor((s.at - start) / 1000);
    const cur = perSecond.get(sec) ?? { lock: 0, wal: 0, active: 0 };
    cur.lock = Math.max(cur.lock, s.sessions.filter((x) => x.wait_event_type === 'Lock').length);
    cur.wal = Math.max(cur.wal, s.sessions.filter((x) => x.wait_event === 'WALSync' || x.wait_event === 'WALWrite').length);
    cur.active = Math.max(cur.active, s.sessions.filter((x) => x.state === 'active').length);
    perSecond.set(sec, cur);
  }
  const worst = [...perSecond].sort((a, b) => b[1].lock - a[1].lock).slice(0, 5);
  out.push(
    `Worst seconds (most sessions waiting for a lock in one sample): ` +
      worst.map(([sec, v]) => `${sec} s: ${v.lock} waiting, ${v.wal} in WAL sync, ${v.active} active`).join('; ') +
      '.',
  );

  // Sessions per state and wait event, summed over the samples (a session counts once per sample).
  const byWait = new Map<string, number>();
  const byState = new Map<string, number>();
  for (const s of samples) {
    for (const x of s.sessions) {
      const state = x.state ?? '—';
      byState.set(state, (byState.get(state) ?? 0) + 1);
      const key = `${state} | ${x.wait_event_type ?? '(none: on CPU)'} | ${x.wait_event ?? ''}`;
      byWait.set(key, (byWait.get(key) ?? 0) + 1);
    }
  }
  out.push('', '| state | wait event type | wait event | session-samples | mean sessions |', '|---|---|---|---|---|');
  for (const [key, n] of [...byWait].sort((a, b) => b[1] - a[1])) {
    out.push(`| ${key} | ${n} | ${(n / samples.length).toFixed(2)} |`);
  }

  // Lock waits: which statements waited, and what their blockers were running.
  const lockWaits = samples.flatMap((s) => s.sessions.filter((x) => x.wait_event_type === 'Lock').map((x) => ({ s, x })));
  out.push('', `Lock waits: ${lockWaits.length} session-samples.`);
  if (lockWaits.length > 0) {
    const waiting = new Map<string, number>();
    const blocking = new Map<string, number>();
    for (const { s, x } of lockWaits) {
      const key = `${x.wait_event} | ${x.query}`;
      waiting.set(key, (waiting.get(key) ?? 0) + 1);
      for (const pid of x.blockers) {
        const b = s.sessions.find((y) => y.pid === pid);
        const whose = b && b.application_name === x.application_name ? 'same instance' : 'other instance';
        const bkey = b
          ? `${whose}, ${b.state} ${b.wait_event_type ?? ''}/${b.wait_event ?? ''} | ${b.query}`
          : `pid ${pid} (not in this database's sample)`;
        blocking.set(bkey, (blocking.get(bkey) ?? 0) + 1);
      }
    }
    out.push('', '| waiting on | statement that waits | session-samples |', '|---|---|---|');
    for (const [k, n] of [...waiting].sort((a, b) => b[1] - a[1]).slice(0, 10)) out.push(`| ${k.replace(' | ', ' | `')}\` | ${n} |`);
    out.push('', '| blocker (whose, state, wait, its current or last statement) | times |', '|---|---|');
    for (const [k, n] of [...blocking].sort((a, b) => b[1] - a[1]).slice(0, 10)) out.push(`| ${k.replace(' | ', ' | `')}\` | ${n} |`);
  }

  // The longest waits seen: the longest-running waiting statements, one entry per session and statement start.
  const longest = new Map<string, { ms: number; x: Session }>();
  for (const s of samples) {
    for (const x of s.sessions) {
      if (x.state !== 'active' || !x.wait_event_type || x.wait_event_type === 'Client' || x.query_ms === null) continue;
      const key = `${x.pid}:${Math.round(s.at - x.query_ms)}`;
      if ((longest.get(key)?.ms ?? -1) < x.query_ms) longest.set(key, { ms: x.query_ms, x });
    }
  }
  out.push('', 'Longest waiting statements (at the last sample that saw them waiting):', '');
  out.push('| ms | wait | statement |', '|---|---|---|');
  for (const { ms, x } of [...longest.values()].sort((a, b) => b.ms - a.ms).slice(0, 10)) {
    out.push(`| ${Math.round(ms)} | ${x.wait_event_type}/${x.wait_event} | \`${x.query}\` |`);
  }
  const xacts = samples.flatMap((s) => s.sessions.filter((x) => x.xact_ms !== null)).sort((a, b) => b.xact_ms! - a.xact_ms!);
  out.push(
    '',
    `Longest open transaction seen: ${xacts[0] ? `${Math.round(xacts[0].xact_ms!)} ms (${xacts[0].state}, \`${xacts[0].query}\`)` : '—'}.`,
  );

  // The pools' queues.
  for (let i = 0; i < instances; i++) {
    const waiting = samples.map((s) => s.poolWaiting[i]).filter((v): v is number => v !== null && v !== undefined);
    const missed = samples.length - waiting.length;
    const conns = samples.map((s) => s.poolConnections[i]).filter((v): v is number => v !== null && v !== undefined);
    const queued = waiting.filter((v) => v > 0).length;
    out.push(
      `Instance ${i + 1} pool: requests waiting for a connection max ${Math.max(0, ...waiting)}, mean ` +
        `${(waiting.reduce((a, b) => a + b, 0) / Math.max(1, waiting.length)).toFixed(2)}, non-zero in ${queued} of ${waiting.length} ` +
        `samples; connections max ${Math.max(0, ...conns)}` +
        (missed > 0 ? `; /metrics did not answer within ${intervalMs * 5} ms ${missed} times (the event loop was busy)` : '') +
        '.',
    );
  }
  return out.join('\n');
}
