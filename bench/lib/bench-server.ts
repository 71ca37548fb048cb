import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { buildServerIfStale, ROOT, serverEntry } from '../../test/helpers/built-server.js';

/** The server's source entry: benchmarks name it, and get what production runs, `node dist/main.js`. */
const SERVER_SOURCE = 'src/main.ts';

/**
 * Starts a server script on a free 127.0.0.1 port and waits for /health. Laurel itself
 * (`src/main.ts`) runs built, as in production (compiled first when dist/ is stale); other scripts
 * (the bare baseline servers) run through tsx. BENCH_NODE_ARGS adds node flags (e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
export async function spawnServer(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  let entry: string[];
  if (script === SERVER_SOURCE) {
    buildServerIfStale();
    entry = [serverEntry()];
  } else {
    entry = ['--import', 'tsx', script];
  }
  const args = [...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []), ...entry];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      await fetch(`${base}/health`);
      return { child, base };
    } catch {
      if (Date.now() > deadline) throw new Error(`${script} did not start`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
