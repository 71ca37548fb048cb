import { open, type FileHandle } from 'node:fs/promises';
import type SqliteDatabase from 'better-sqlite3';

/**
 * Makes commits durable off the event loop. With synchronous=FULL, SQLite fsyncs the WAL inside
 * COMMIT, blocking the one JavaScript thread for the whole fsync. A writer that commits with
 * synchronous=NORMAL (no fsync at commit; checkpoints still sync) and then calls `sync()` before
 * acknowledging gets the same guarantee — the WAL holding its commit is on disk — while the fsync
 * runs on libuv's thread pool. Concurrent `sync()` calls share one fdatasync when they can.
 */
export class WalSync {
  private handle: Promise<FileHandle | null> | null = null;
  private inFlight: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private disabled = false;

  constructor(private readonly db: SqliteDatabase.Database) {}

  /** True for a file-backed database in WAL mode: commits may skip their own fsync and call sync(). */
  canDefer(): boolean {
    return !this.disabled && !this.db.memory && this.db.name !== '' && this.db.name !== ':memory:';
  }

  /** Resolves once everything committed before the call is on disk. */
  sync(): Promise<void> {
    // A sync already running may have started before our commit: queue one more behind it,
    // shared by every caller that arrives meanwhile.
    if (this.inFlight) {
      this.queued ??= this.inFlight.then(() => {
        this.queued = null;
        return this.start();
      });
      return this.queued;
    }
    return this.start();
  }

  private start(): Promise<void> {
    const run = (async () => {
      const handle = await this.file();
      if (!handle) {
        // Without the WAL file nothing can be made durable here: refuse to acknowledge, and let
        // later commits keep synchronous=FULL.
        this.disabled = true;
        throw new Error(`cannot open ${this.db.name}-wal to sync it`);
      }
      await handle.datasync();
    })();
    const tracked = run.finally(() => {
      if (this.inFlight === tracked) this.inFlight = null;
    });
    this.inFlight = tracked;
    return tracked;
  }

  private file(): Promise<FileHandle | null> {
    this.handle ??= open(`${this.db.name}-wal`, 'r+').catch(() => {
      this.handle = null;
      return null;
    });
    return this.handle;
  }

  async close(): Promise<void> {
    const handle = await this.handle;
    this.handle = null;
    await handle?.close();
  }
}
