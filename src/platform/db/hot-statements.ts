import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { isStalePlan, type ReadPipeline } from './read-pipeline.js';

/**
 * Names for the SQL texts Kysely sends to PostgreSQL again and again (decision 337). A query sent
 * unnamed is parsed and planned by PostgreSQL on every run; sent under a name, pg parses it once per
 * connection and PostgreSQL keeps its plan. A text is named from its second run on, and at most
 * `maxNamed` texts per process are (a prepared statement lives as long as its connection, in every
 * connection that ran it); texts beyond are sent unnamed, as before. Compiled statements (decision 269)
 * and the write path name their own (`s…`); these are `k…`.
 */
export class HotStatements {
  /** SQL text → how many times it was sent unnamed, or its name once it has one. */
  private readonly seen = new Map<string, number | string>();
  private named = 0;

  constructor(
    private readonly maxNamed = 256,
    /** Texts counted at most; a text first seen past this is never named (texts made with inlined values). */
    private readonly maxCounted = 10_000,
  ) {}

  /** The name to send this text under, or undefined: unnamed. */
  nameOf(text: string): string | undefined {
    const known = this.seen.get(text);
    if (typeof known === 'string') return known;
    if (known !== undefined && this.named < this.maxNamed) {
      const name = `k${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      this.seen.set(text, name);
      this.named++;
      return name;
    }
    if (known !== undefined || this.seen.size < this.maxCounted) this.seen.set(text, (known ?? 0) + 1);
    return undefined;
  }
}

/**
 * The pool Kysely runs its queries through (decisions 337 and 338). A connection Kysely takes is not a
 * pg client until it begins a transaction: a query outside one goes out with the other reads of the
 * event-loop turn on the read pipeline (decision 286), in one socket write, instead of checking out a
 * client and writing to its socket alone; `begin` (or `start transaction`) checks out a client, and the
 * transaction's queries and its end run on it. Texts `names` gives a name to are sent as prepared
 * statements. `pipeline` is null behind a pooler in transaction pooling: nothing is named there, and
 * every query takes its own client, as Kysely's driver does.
 */
export function kyselyPool(pool: pg.Pool, names: HotStatements | null, pipeline: ReadPipeline | null): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      if (pipeline === null) return (await pool.connect()) as unknown as PostgresPoolClient;
      return new LazyClient(pool, names, pipeline) as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

/** A connection of Kysely's that checks out a pg client only for a transaction. */
class LazyClient {
  private client: pg.PoolClient | null = null;
  /** A statement of the held client's was prepared for columns its table no longer has: the client is dropped. */
  private stale = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly names: HotStatements | null,
    private readonly pipeline: ReadPipeline,
  ) {}

  query(text: unknown, values?: readonly unknown[]): unknown {
    // Kysely passes anything but a text only to stream through a cursor, which the store does not configure.
    if (typeof text !== 'string') throw new Error('streaming queries (cursors) are not configured on this store');
    const name = this.names?.nameOf(text);
    if (this.client === null && !BEGINS.test(text)) return this.pipeline.query(text, (values ?? []) as unknown[], name);
    return this.held().then((client) =>
      client.query({ name, text, values: values as unknown[] }).catch((err: unknown) => {
        if (isStalePlan(err)) this.stale = true;
        throw err;
      }),
    );
  }

  release(): void {
    this.client?.release(this.stale ? new Error('a prepared statement of this connection is stale') : undefined);
    this.client = null;
  }

  private async held(): Promise<pg.PoolClient> {
    this.client ??= await this.pool.connect();
    return this.client;
  }
}

/** What Kysely's driver sends to begin a transaction. */
const BEGINS = /^(begin|start transaction)\b/i;
