import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './server-process.js';

/** Debian's PgBouncer (apt-get install pgbouncer); LAUREL_PGBOUNCER names another binary. */
export const PGBOUNCER = process.env.LAUREL_PGBOUNCER ?? '/usr/sbin/pgbouncer';

export function pgbouncerInstalled(): boolean {
  return existsSync(PGBOUNCER);
}

export interface Pgbouncer {
  /** `postgres://user@127.0.0.1:port` (no database: callers add theirs). */
  readonly url: string;
  /** PgBouncer's log so far. */
  log(): string;
  /** Rows of an admin console command (`SHOW STATS`, `SHOW POOLS`). */
  show(command: string): Promise<Array<Record<string, unknown>>>;
  stop(): Promise<void>;
}

export interface PgbouncerOptions {
  /** Server connections per database and user (default_pool_size): fewer than the clients, so they share them. */
  poolSize?: number;
}

/**
 * Starts PgBouncer in transaction pooling on a spare port of 127.0.0.1, in front of the PostgreSQL
 * of `postgresUrl` (every database of it, trust authentication for its user), with its configuration
 * and log in a temporary folder. As root it runs as the `postgres` user (PgBouncer refuses root).
 */
export async function startPgbouncer(postgresUrl: string, options: PgbouncerOptions = {}): Promise<Pgbouncer> {
  const server = new URL(postgresUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'laurel-pgbouncer-'));
  chmodSync(dir, 0o777); // written by the unprivileged user PgBouncer switches to
  const logfile = join(dir, 'pgbouncer.log');
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || '5432'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.poolSize ?? 4}`,
      'max_client_conn = 2000',
      `admin_users = ${user}`,
      `logfile = ${logfile}`,
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const log = () => output + (existsSync(logfile) ? readFileSync(logfile, 'utf8') : '');
  const url = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}`;

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited with ${child.exitCode}:\n${log()}`);
    const client = new pg.Client({ connectionString: `${url}/pgbouncer` });
    try {
      await client.connect();
      await client.query('SHOW VERSION');
      break;
    } catch (err) {
      if (Date.now() > deadline) {
        child.kill('SIGTERM');
        throw new Error(`pgbouncer did not answer on port ${port}: ${(err as Error).message}\n${log()}`, { cause: err });
      }
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  return {
    url,
    log,
    async show(command) {
      const client = new pg.Client({ connectionString: `${url}/pgbouncer` });
      await client.connect();
      try {
        // Without parameters pg uses the simple protocol, the only one the admin console speaks.
        return (await client.query(command)).rows;
      } finally {
        await client.end();
      }
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
