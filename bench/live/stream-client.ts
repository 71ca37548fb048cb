/**
 * The benchmarks' stream client in a process of its own (bench:ingest with BENCH_LIVE_STREAMS,
 * bench:live): reading 1,000 streams costs CPU, and in the load generator's process it would slow the
 * load generator, not the server. Started by `startStreamClient`; it opens the streams it is told to
 * (IPC), counts what arrives, and answers `count` and `close`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openStreams, type OpenedStreams } from './idle-streams.js';

/** What the parent asks: open one stream per user of `users` on `base`, with these headers. */
interface OpenOrder {
  type: 'open';
  base: string;
  users: string[];
  headers: Record<string, string>;
}
type Order = OpenOrder | { type: 'count' } | { type: 'close' };
type Answer = { type: 'opened'; open: number; failed: number } | { type: 'count'; messages: number; heartbeats: number };

export interface StreamClient {
  /** Streams open in the client process (all `open` calls together). */
  open: number;
  failed: number;
  /** Opens one stream per user on `base`. */
  openOn(base: string, users: string[], headers: Record<string, string>): Promise<void>;
  /** Messages (`event:`) and heartbeats received so far. */
  count(): Promise<{ messages: number; heartbeats: number }>;
  close(): Promise<void>;
}

/** Starts the client process (through tsx, as the benchmarks run). */
export function startStreamClient(): StreamClient {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const waiting: Array<(a: Answer) => void> = [];
  child.on('message', (a: Answer) => waiting.shift()?.(a));
  const ask = (order: Order) =>
    new Promise<Answer>((resolve, reject) => {
      if (child.exitCode !== null) return reject(new Error(`stream client exited with ${child.exitCode}`));
      waiting.push(resolve);
      child.send(order);
    });
  const client: StreamClient = {
    open: 0,
    failed: 0,
    async openOn(base, users, headers) {
      const a = await ask({ type: 'open', base, users, headers });
      if (a.type !== 'opened') throw new Error('stream client: unexpected answer');
      client.open += a.open;
      client.failed += a.failed;
    },
    async count() {
      const a = await ask({ type: 'count' });
      if (a.type !== 'count') throw new Error('stream client: unexpected answer');
      return { messages: a.messages, heartbeats: a.heartbeats };
    },
    close() {
      return new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send({ type: 'close' });
      });
    },
  };
  return client;
}

function serve(): void {
  const opened: OpenedStreams[] = [];
  let messages = 0;
  const send = (a: Answer) => process.send!(a);
  process.on('message', (order: Order) => {
    if (order.type === 'open') {
      void openStreams(
        order.base,
        order.users.length,
        (i) => `/user/${encodeURIComponent(order.users[i]!)}/stream`,
        () => order.headers,
      ).then((s) => {
        s.onMessage = () => void messages++;
        opened.push(s);
        send({ type: 'opened', open: s.open, failed: s.failed });
      });
    } else if (order.type === 'count') {
      send({ type: 'count', messages, heartbeats: opened.reduce((n, s) => n + s.heartbeats, 0) });
    } else {
      for (const s of opened) s.close();
      process.exit(0);
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) serve();
