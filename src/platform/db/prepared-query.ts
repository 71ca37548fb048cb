import { createRequire } from 'node:module';
import pg from 'pg';

/**
 * One statement sent on a pg client by the extended protocol, without pg's `Query` (decision 343).
 * pg's `Query` clones and normalizes its config, builds an event emitter and a result, and asks
 * PostgreSQL to describe the result's columns on every run (Describe), then looks up a parser per
 * column and builds the row template again from that description. For the reads of the pipeline
 * and the write path's statements, which are the same few hundred statements run again and again on
 * the pool's few connections, that was a fifth of the server's CPU on a read route with several
 * reads (the notifications overview). Here a named statement is described once per connection:
 * PostgreSQL never changes the columns of a prepared statement (it refuses to run it instead, with
 * 0A000 "cached plan must not change result type", and the connection is then dropped, decision
 * 336), so the description learned on a connection holds for as long as the connection does. A row
 * is made by a function generated once per description, with the columns at fixed places.
 *
 * It is what pg calls a submittable (the interface pg-cursor uses): the client queues it, calls
 * `submit` to write its messages, and routes the server's answers to its `handle…` methods.
 */
export interface PreparedResult {
  /** The command tag's command (`SELECT`, `INSERT`, …), as pg's result has it. */
  command: string | null;
  /** The rows the command tag counts (changed or returned), as pg's result has it. */
  rowCount: number | null;
  rows: Record<string, unknown>[];
}

/** Runs `text` (prepared as `name` on the client's connection when named) with `values`. */
export function queryPrepared(client: pg.ClientBase, name: string | undefined, text: string, values: unknown[]): Promise<PreparedResult> {
  return sendPrepared(client, name, text, values).answer;
}

/**
 * `queryPrepared`, telling also whether the statement went out whole at once: written to the
 * connection by the call itself (a pipelining client writes at once), with nothing refused on this
 * side (a value pg cannot send). When it did, what becomes of it is PostgreSQL's to say: should it
 * fail, the transaction is aborted, and what follows it on the connection cannot commit.
 */
export function sendPrepared(
  client: pg.ClientBase,
  name: string | undefined,
  text: string,
  values: unknown[],
): { answer: Promise<PreparedResult>; sent: boolean } {
  let query: PreparedQuery | undefined;
  const answer = new Promise<PreparedResult>((resolve, reject) => {
    query = new PreparedQuery(name, text, values, (err, result) => (err ? reject(err) : resolve(result!)));
    void client.query(query as never);
  });
  return { answer, sent: query!.sentWhole };
}

/** The parts of pg's connection (lib/connection.js) a submittable writes with. */
interface PgConnection {
  parsedStatements: Record<string, string | undefined>;
  submittedNamedStatements: Record<string, string | undefined>;
  stream: { cork?(): void; uncork?(): void };
  parse(query: { text: string; name?: string }): void;
  bind(config: { statement?: string; values: unknown[]; valueMapper: (value: unknown) => unknown }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(config: { portal: string }): void;
  close(message: { type: 'S'; name?: string }): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

interface Field {
  name: string;
  dataTypeID: number;
}

type TypeParser = (text: string) => unknown;
type MakeRow = (fields: Array<string | null>) => Record<string, unknown>;

interface TypeSource {
  getTypeParser(oid: number, format: 'text'): TypeParser;
}

const require = createRequire(import.meta.url);
/** pg's own conversion of a parameter value to its text (dates, arrays, buffers, objects as JSON). */
const prepareValue = (require('pg/lib/utils.js') as { prepareValue: (value: unknown) => unknown }).prepareValue;

/** Per connection, per statement name: the row maker of the statement's description. */
const described = new WeakMap<PgConnection, Map<string, MakeRow>>();

/** Row makers by description (column names and types), shared by every connection. */
const rowMakers = new Map<string, MakeRow>();
const MAX_ROW_MAKERS = 2_000;

/** The text parser of a type that returns its text as it is (text, varchar, …): not called. */
const asIs = pg.types.getTypeParser(25, 'text');

function rowMakerOf(fields: Field[], types: TypeSource): MakeRow {
  let key = '';
  for (const f of fields) key += `${f.dataTypeID}:${f.name}\u0000`;
  let make = rowMakers.get(key);
  if (make) return make;
  const parsers = fields.map((f) => types.getTypeParser(f.dataTypeID, 'text'));
  const props = fields.map((f, i) => {
    const value = parsers[i] === asIs ? `f[${i}]` : `(f[${i}] === null ? null : p[${i}](f[${i}]))`;
    return `${JSON.stringify(f.name)}: ${value}`;
  });
  make = new Function('p', `return function row(f) { return { ${props.join(', ')} }; };`)(parsers) as MakeRow;
  if (rowMakers.size < MAX_ROW_MAKERS) rowMakers.set(key, make);
  return make;
}

/** The row maker of a statement without result columns (an INSERT without RETURNING): never called. */
const noRows: MakeRow = () => {
  throw new Error('a row arrived for a statement described as returning none');
};

const COMMAND_TAG = /^([A-Za-z]+)(?: (\d+))?(?: (\d+))?/;

class PreparedQuery {
  /** Read by pg's client: the portal is the unnamed one; rows are never fetched in pages. */
  readonly portal = '';
  readonly rows = undefined;
  binary = false;
  /** pg's client puts its type parsers here (`_result._types`). */
  readonly _result: { _types?: TypeSource } = {};
  private connection: PgConnection | null = null;
  private makeRow: MakeRow | null = null;
  /** This run asked for the description (the first run of the statement on its connection). */
  private describing = false;
  private readonly out: Record<string, unknown>[] = [];
  private command: string | null = null;
  private rowCount: number | null = null;
  private failed: unknown = null;

  constructor(
    readonly name: string | undefined,
    readonly text: string,
    readonly values: unknown[],
    public callback: (err: unknown, result?: PreparedResult) => void,
  ) {}

  /** Written to the connection, Execute and all (`submit` ran and refused nothing). */
  get sentWhole(): boolean {
    return this.connection !== null && this.failed === null;
  }

  submit(connection: PgConnection): Error | null {
    const name = this.name;
    const previous = name === undefined ? undefined : (connection.parsedStatements[name] ?? connection.submittedNamedStatements[name]);
    if (previous !== undefined && previous !== this.text) {
      return new Error(`Prepared statements must be unique - '${name}' was used for a different statement`);
    }
    if (this.binary) return new Error('binary results are not supported by this statement runner');
    this.connection = connection;
    connection.stream.cork?.();
    try {
      if (previous === undefined) {
        connection.parse({ text: this.text, name });
        if (name !== undefined) connection.submittedNamedStatements[name] = this.text;
      }
      try {
        connection.bind({ statement: name, values: this.values, valueMapper: prepareValue });
      } catch (err) {
        // A value pg cannot send (nothing of the Bind was written): end the exchange here and fail
        // this statement when it is answered. What was parsed stays prepared, as pg has recorded it.
        this.failed = err;
        connection.sync();
        return null;
      }
      const known = name === undefined ? undefined : described.get(connection)?.get(name);
      if (known) this.makeRow = known;
      else {
        this.describing = true;
        connection.describe({ type: 'P', name: '' });
      }
      connection.execute({ portal: '' });
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(msg: { fields: Field[] }): void {
    this.learn(rowMakerOf(msg.fields, this._result._types ?? pg.types));
  }

  /** Keeps the statement's row maker for its next runs on this connection. */
  private learn(make: MakeRow): void {
    this.makeRow = make;
    this.describing = false;
    if (this.name !== undefined && this.connection) {
      let byName = described.get(this.connection);
      if (!byName) described.set(this.connection, (byName = new Map()));
      byName.set(this.name, make);
    }
  }

  handleDataRow(msg: { fields: Array<string | null> }): void {
    if (this.failed !== null) return;
    try {
      this.out.push(this.makeRow!(msg.fields));
    } catch (err) {
      this.failed = err;
    }
  }

  handleCommandComplete(msg: { text: string }): void {
    // Described, and no columns came (PostgreSQL answered NoData): the statement returns no rows.
    if (this.describing) this.learn(noRows);
    const match = COMMAND_TAG.exec(msg.text);
    if (!match) return;
    this.command = match[1]!;
    if (match[3]) this.rowCount = Number(match[3]);
    else if (match[2]) this.rowCount = Number(match[2]);
  }

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: PgConnection): void {
    connection.sendCopyFail('No source stream defined');
  }

  handleCopyData(): void {}

  handleError(err: unknown): void {
    const failed = this.failed ?? err;
    this.failed = null;
    this.callback(failed);
  }

  handleReadyForQuery(): void {
    if (this.failed !== null) return this.handleError(this.failed);
    this.callback(null, { command: this.command, rowCount: this.rowCount, rows: this.out });
  }
}

// pg's client refuses a submittable in pipeline mode unless it is a `Query` (pg-cursor keeps a portal
// open across round trips, which pipelining cannot serve). This one runs to its Sync like a Query does.
Object.setPrototypeOf(PreparedQuery.prototype, pg.Query.prototype);
