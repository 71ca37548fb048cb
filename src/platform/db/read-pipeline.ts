import type { Kysely } from 'kysely';
import type pg from 'pg';
import { queryPrepared, type PreparedResult } from './prepared-query.js';
import type { DB } from './schema.js';

interface Queued {
  /** The prepared statement's name (parsed once per connection); undefined: sent unnamed, parsed and planned every time. */
  name: string | undefined;
  text: string;
  values: unknown[];
  resolve: (result: PreparedResult) => void;
  reject: (err: unknown) => void;
}

/**
 * Reads of one turn of the event loop sent together (PostgreSQL, decision 286). A read through the
 * pool checks out a client, writes its statement to that client's socket and waits for its own
 * answer: under load every request's every read is a socket write, a wake-up and a check-out, and
 * that costs the server more CPU than PostgreSQL spends on a lookup. Here the reads asked in one
 * turn wait for the turn to end, then go out on one client in pipeline mode (the pool's clients
 * pipeline, decision 070), its socket corked so they leave in one write; each caller gets its own
 * result or its own error (every statement has its own Sync: one failing does not fail the others).
 * Only queries outside a transaction come here: compiled reads (`Statement.rows` on the store's own Kysely
 * instance) and Kysely's queries outside a transaction (decision 338).
 * A read that names its statement is prepared once per connection (pg parses a name once per client):
 * without the name PostgreSQL parsed and planned every read again (decision 336); it is described once
 * per connection too, and its rows made without pg's `Query` (decision 343, prepared-query.ts).
 */
export class ReadPipeline {
  private queued: Queued[] = [];

  constructor(private readonly pool: pg.Pool) {}

  query(text: string, values: unknown[], name?: string): Promise<PreparedResult> {
    return new Promise((resolve, reject) => {
      if (this.queued.push({ name, text, values, resolve, reject }) === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queued;
    this.queued = [];
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      for (const q of batch) q.reject(err);
      return;
    }
    let broken: Error | undefined;
    const socket = socketOf(client);
    socket?.cork();
    const answered = batch.map((q) =>
      queryPrepared(client, q.name, q.text, q.values).then(q.resolve, (err: unknown) => {
        // A prepared statement whose table's columns changed since (a newer instance migrated): the
        // connection's statements are dropped with it, and the read is sent again unnamed.
        if (q.name !== undefined && isStalePlan(err)) {
          broken = err as Error;
          this.query(q.text, q.values).then(q.resolve, q.reject);
          return;
        }
        // A statement's own error (PostgreSQL answered it: it has a severity) leaves the connection
        // usable; any other (a lost connection) does not.
        if (!(err instanceof Error && 'severity' in err)) broken = err as Error;
        q.reject(err);
      }),
    );
    socket?.uncork();
    await Promise.all(answered);
    client.release(broken);
  }
}

/**
 * PostgreSQL's refusal to run a prepared statement whose result columns changed since it was prepared
 * ("cached plan must not change result type"): the statement stays broken on that connection.
 */
export function isStalePlan(err: unknown): boolean {
  return err instanceof Error && (err as { code?: unknown }).code === '0A000' && /cached plan/.test(err.message);
}

/** The socket of a pg client, to cork while statements are written (pg does not expose it). */
export function socketOf(client: pg.ClientBase): { cork(): void; uncork(): void } | null {
  const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream;
  return stream?.cork && stream.uncork ? (stream as { cork(): void; uncork(): void }) : null;
}

const pipelines = new WeakMap<Kysely<DB>, ReadPipeline>();

/** Registers the read pipeline of a store's own Kysely instance (not of its transactions). */
export function registerReadPipeline(kysely: Kysely<DB>, pipeline: ReadPipeline): void {
  pipelines.set(kysely, pipeline);
}

/** The read pipeline of `db` when it is a PostgreSQL store's own Kysely instance; undefined otherwise. */
export function readPipelineOf(db: Kysely<DB>): ReadPipeline | undefined {
  return pipelines.get(db);
}
