import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { failure, TIMEOUT_MS, type AttemptResult } from './webhook-post.js';

export { TIMEOUT_MS, type AttemptResult } from './webhook-post.js';

/** A delivery to send: signed in the sending thread with the endpoint's secrets (newest first). */
export interface OutgoingMessage {
  messageId: string;
  /** Unix seconds, the `webhook-timestamp` (the platform clock's, so the test clock holds). */
  timestamp: number;
  secrets: readonly string[];
  body: string;
}

/** What the sending thread is started with. */
export interface SenderSettings {
  allowPrivate: boolean;
  connections: number;
  timeoutMs: number;
}
/** One delivery for the sending thread, numbered for its reply. */
export interface SendJob extends OutgoingMessage {
  n: number;
  url: string;
}
export interface SendReply {
  n: number;
  result: AttemptResult;
}

/**
 * Sends deliveries through a worker thread (send-worker.ts, decision 116): signing, HTTP and TLS
 * cost the event loop that answers requests only the hand-over, a message per group of jobs. The
 * thread starts at the first send; if it dies, its unanswered sends fail (they are retried like any
 * failed attempt) and the next send starts a new one.
 */
export class WebhookSender {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, (r: AttemptResult) => void>();
  private queued: SendJob[] = [];
  private next = 0;

  constructor(
    private readonly allowPrivate: boolean,
    private readonly connections: number,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {}

  send(url: string, message: OutgoingMessage): Promise<AttemptResult> {
    const n = this.next++;
    return new Promise<AttemptResult>((resolve) => {
      this.waiting.set(n, resolve);
      this.queued.push({ n, url, ...message });
      if (this.queued.length === 1) setImmediate(() => this.flush());
    });
  }

  /** Stops the thread; sends still unanswered fail (a later send starts a new thread). */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.ref(); // so that a process with nothing else to do waits for the thread to end
    worker.postMessage('close');
    await exited;
  }

  private flush(): void {
    const jobs = this.queued;
    this.queued = [];
    if (jobs.length === 0) return;
    const worker = (this.worker ??= this.start());
    worker.ref(); // answers are awaited: keep the process up until they come
    worker.postMessage(jobs);
  }

  private start(): Worker {
    const settings: SenderSettings = { allowPrivate: this.allowPrivate, connections: this.connections, timeoutMs: this.timeoutMs };
    const worker = spawn(settings);
    worker.on('message', (replies: SendReply[]) => {
      for (const r of replies) {
        const resolve = this.waiting.get(r.n);
        this.waiting.delete(r.n);
        resolve?.(r.result);
      }
      if (this.waiting.size === 0) worker.unref();
    });
    let why = 'the sending thread stopped';
    worker.on('error', (err) => {
      why = `the sending thread failed: ${err.message}`;
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      const pending = [...this.waiting.values()];
      this.waiting.clear();
      for (const resolve of pending) resolve(failure(why));
    });
    worker.unref();
    return worker;
  }
}

/**
 * Starts send-worker beside this file: the compiled `.js` in a build; from TypeScript sources
 * (tests, `npm run dev`) through tsx's loader, registered in the new thread before the import.
 */
function spawn(workerData: SenderSettings): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./send-worker.js', here), { workerData });
  const entry = new URL('./send-worker.ts', here).href;
  // The ESM build of tsx's API (its CommonJS one cannot be imported from a thread's eval code).
  const tsx = pathToFileURL(
    createRequire(here)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`, {
    eval: true,
    workerData,
  });
}
