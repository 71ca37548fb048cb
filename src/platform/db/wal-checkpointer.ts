import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The WAL pages after which the writing connection checkpoints by itself (a fallback: the worker keeps the WAL shorter). */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 20_000;
const INTERVAL_MS = 250;

/**
 * Copies the WAL back into the database file from a worker thread (decision 071). A commit that
 * finds the WAL past `wal_autocheckpoint` pages checkpoints on the spot, in the committing thread,
 * with an fsync of the database file: under load that was several times a second on the event
 * loop. Here a second connection in a worker runs a PASSIVE checkpoint every 250 ms (it never
 * waits for the writer, and the writer never waits for it), so the event loop only appends to the
 * WAL. The writing connection keeps a high `wal_autocheckpoint` as a fallback.
 */
export class WalCheckpointer {
  private readonly worker: Worker;

  constructor(file: string) {
    const module = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER, { eval: true, workerData: { module, file, intervalMs: INTERVAL_MS } });
    // A failed worker only means the writer's own fallback checkpoints take over.
    this.worker.on('error', () => undefined);
    this.worker.unref();
  }

  /** Runs a last checkpoint and stops the worker. */
  async close(): Promise<void> {
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    // Unreferenced, the worker would not keep the process alive until it has exited: a caller with
    // nothing else pending (a script that closes the app and ends) would never see close() resolve.
    this.worker.ref();
    this.worker.postMessage('close');
    await exited;
  }
}

const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file);
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or closing: the next round tries again.
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;
