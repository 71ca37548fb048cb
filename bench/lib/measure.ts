import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux; clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks * 10;
}

/**
 * CPU time all PostgreSQL processes of this machine have used so far, in ms (/proc; Linux): every
 * `postgres` process (postmaster, backends, background workers), plus what the postmaster's ended
 * children used (its cutime and cstime), so a backend that exits during a run still counts.
 */
export function postgresCpuMs(): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (name !== 'postgres') continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
    const parent = Number(fields[1]);
    if (processName(parent) !== 'postgres') ticks += Number(fields[13]) + Number(fields[14]); // the postmaster
  }
  return ticks * 10;
}

function processName(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  } catch {
    return null;
  }
}

export interface Measured {
  /** Requests per second (autocannon's mean). */
  rps: number;
  /** Latency of the 2xx answers, ms, to the microsecond (every target's answers together). */
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Server CPU per request, µs (sum over the given server processes). */
  cpuUs: number;
  /** PostgreSQL's CPU per request, µs (every postgres process of the machine), when asked for; else null. */
  postgresCpuUs: number | null;
  requests: number;
}

export interface CannonTarget {
  url: string;
  requests: autocannon.Request[];
  connections: number;
}

/**
 * Runs autocannon against one or more targets at once for `seconds` and measures the CPU the
 * server processes `pids` spent meanwhile, per request.
 */
export async function measure(
  targets: CannonTarget[],
  seconds: number,
  pids: number[],
  options: { postgres?: boolean } = {},
): Promise<Measured> {
  const postgresBefore = options.postgres ? postgresCpuMs() : 0;
  const before = pids.map(cpuMs);
  // autocannon's own percentiles are whole milliseconds (its histogram keeps integers): a bare route's p99 of
  // 1.4 ms reads as 1 or 2, which halves or doubles every ratio to it. Its 'response' event carries the
  // response time as a float (hrtime), so the percentiles below are taken from those.
  const times: number[] = [];
  const results = await Promise.all(
    targets.map(
      (t) =>
        new Promise<autocannon.Result>((resolve, reject) => {
          const options = {
            url: t.url,
            connections: t.connections,
            duration: seconds,
            requests: rotating(t.requests),
            method: 'POST' as const,
          };
          const run = autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
          run.on('response', (_client, statusCode, _bytes, responseTime) => {
            if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
          });
        }),
    ),
  );
  const cpu = pids.reduce((sum, pid, i) => sum + cpuMs(pid) - before[i]!, 0);
  const postgres = options.postgres ? postgresCpuMs() - postgresBefore : null;
  const requests = results.reduce((s, r) => s + r.requests.total, 0);
  times.sort((a, b) => a - b);
  return {
    rps: results.reduce((s, r) => s + r.requests.average, 0),
    p50: times.length > 0 ? percentile(times, 50) : 0,
    p99: times.length > 0 ? percentile(times, 99) : 0,
    non2xx: results.reduce((s, r) => s + r.non2xx, 0),
    errors: results.reduce((s, r) => s + r.errors + r.timeouts, 0),
    cpuUs: requests > 0 ? (cpu * 1000) / requests : 0,
    postgresCpuUs: postgres === null ? null : requests > 0 ? (postgres * 1000) / requests : 0,
    requests,
  };
}

/** The `p`th percentile of values sorted in ascending order (NaN when there are none). */
export function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Reads a counter from a Laurel /metrics page. */
export async function metric(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

/**
 * The requests of a target as one template whose every use takes the next item of the list, shared
 * by all connections. Given the list itself, autocannon builds every item for every connection
 * before the first request (4.3 s for 10,000 items and 50 connections: most of a run) and each
 * connection walks the list from its start, so all connections send the same user at the same time.
 */
function rotating(list: autocannon.Request[]): autocannon.Request[] {
  if (list.length <= 1) return list;
  let next = 0;
  return [{ setupRequest: (req: autocannon.Request) => ({ ...req, ...list[next++ % list.length]! }) } as autocannon.Request];
}
