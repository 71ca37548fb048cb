import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process.js';

/**
 * A PostgreSQL cluster and a Redis server of a test's own, on spare ports of 127.0.0.1, for the
 * fault and crash tests that kill them: never the machine's shared servers. PostgreSQL comes from
 * /usr/lib/postgresql/<version>/bin (or PG_BIN); as root its tools run as the `postgres` user,
 * since initdb and postgres refuse to run as root.
 */
export interface OwnPostgres {
  url: string;
  port: number;
  /** kill -9 of the postmaster and of every backend it started: a crash of the server. */
  crash(): Promise<void>;
  /** Starts the server again on the same port (crash recovery replays its WAL). */
  start(): Promise<void>;
  /** Stops the server and removes its data. */
  destroy(): Promise<void>;
}

export interface OwnRedis {
  url: string;
  port: number;
  crash(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  if (versions.length === 0) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql/*/bin (set PG_BIN)');
  versions.sort((a, b) => Number(b) - Number(a));
  return join(root, versions[0]!, 'bin');
}

const asRoot = userInfo().uid === 0;

/** Runs a PostgreSQL tool, as the postgres user when we are root. */
function pgTool(bin: string, tool: string, args: string[]): void {
  const file = join(bin, tool);
  if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' });
  else execFileSync(file, args, { stdio: 'pipe' });
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'laurel-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  pgTool(bin, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100 -c shared_buffers=32MB`;
  const start = async () => {
    pgTool(bin, 'pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    async crash() {
      const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const backends = childrenOf(pid);
      for (const p of [pid, ...backends]) killQuietly(p);
      await untilGone([pid, ...backends]);
      // What a dead postmaster leaves behind and a new one would take for a live one.
      for (const file of [join(data, 'postmaster.pid'), join(dir, `.s.PGSQL.${port}.lock`), join(dir, `.s.PGSQL.${port}`)])
        rmSync(file, { force: true });
    },
    async destroy() {
      try {
        pgTool(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        /* not running */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 15_000;
    for (;;) {
      try {
        execFileSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'ping'], { stdio: 'pipe' });
        return;
      } catch {
        if (Date.now() > deadline) throw new Error('own redis-server did not start');
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  const stop = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, crash: stop, destroy: stop };
}

/** Process ids whose parent is `pid` (the backends and workers of a postmaster). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

async function untilGone(pids: number[]): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (pids.some((p) => existsSync(`/proc/${p}`) && !readFileSync(`/proc/${p}/stat`, 'utf8').includes(') Z '))) {
    if (Date.now() > deadline) throw new Error('PostgreSQL processes did not exit after SIGKILL');
    await new Promise((r) => setTimeout(r, 20));
  }
}
