import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

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

/** The pool Kysely reads through: each client sends the texts `names` gives a name to as prepared statements. */
export function poolNamingHotStatements(pool: pg.Pool, names: HotStatements): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      const query = (text: unknown, values?: readonly unknown[]) =>
        typeof text === 'string'
          ? client.query({ name: names.nameOf(text), text, values: values as unknown[] })
          : client.query(text as pg.Submittable);
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
