/**
 * The SQL of every statement, as each store runs it (decision 258), rendered without a database.
 *
 * Discovery (decision 259): every `*.repository.ts` and `*.sql.ts` under src/ is imported, and each
 * of its exports is walked, in sorted order:
 * - a write-path statement (an object with `description` and `compile`, i.e. a `Statement`) is
 *   compiled with each dialect;
 * - an object holding statements (the set-based builders of rows.ts: `RowsInsert`, `KeyedSelect`, …)
 *   contributes each of them; its `many` statement (the `unnest` form) and those named `…Pg` run on
 *   PostgreSQL only, the others (one row at a time) on SQLite only;
 * - a class (a repository) is constructed, and each of its methods is called; a plain object's or a
 *   function's own functions are called too. The calls run against a Kysely instance whose driver
 *   records each compiled query and answers with no rows, so what a method would send is what it
 *   is dumped as.
 * A method's arguments come from its parameter names (`db`/`trx` get the recording Kysely,
 * `database` a store around it, `dialect` the dialect, names like `now` or `limit` a number,
 * `…Ids` a list of two, anything else a string), unless `<file>.samples.ts` beside the file gives
 * argument lists for it (for rows, options objects, or several variants of one statement).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RowTypes } from './row-types.js';
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';

export type DumpDialect = 'sqlite' | 'postgres';
export const DIALECTS: readonly DumpDialect[] = ['sqlite', 'postgres'];
const DIALECT_NAMES: Record<DumpDialect, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** What a sample receives to build its arguments from. */
export interface SampleContext {
  /** Kysely over the recording driver of the dialect being dumped. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly db: Kysely<any>;
  /** A store (the shape of platform/db's `Database`) around `db`, with no raw connection. */
  readonly database: FakeDatabase;
  readonly dialect: DumpDialect;
}

/** One way of calling a function: its argument list. */
export type Sample = (context: SampleContext) => unknown[];

/**
 * The contents of a `*.samples.ts` file: `samples[exportName][methodName]` lists the argument lists
 * to call the method with (each call is one block of the dump). An export's own entry `''` gives
 * a class's constructor arguments.
 */
export type Samples = Record<string, Record<string, readonly Sample[]>>;

export interface FakeDatabase {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly kysely: Kysely<any>;
  readonly dialect: DumpDialect;
  readonly sqlite: null;
  readonly statements: null;
  readonly pool: null;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Records each query a Kysely instance sends; answers with no rows. */
class RecordingDriver implements Driver {
  log: CompiledQuery[] = [];

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        this.log.push(query);
        if (this.log.length > MAX_QUERIES_PER_CALL) throw new Error('too many queries for one call');
        // No rows; one row affected (so a method that checks its write went through goes on).
        return { rows: [], numAffectedRows: BigInt(1) };
      },
      // eslint-disable-next-line require-yield
      streamQuery: async function* () {
        return;
      },
    };
  }
  async beginTransaction(): Promise<void> {}
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

const MAX_QUERIES_PER_CALL = 50;

interface Recorder {
  readonly driver: RecordingDriver;
  readonly context: SampleContext;
}

function recorder(dialect: DumpDialect): Recorder {
  const driver = new RecordingDriver();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = new Kysely<any>({
    dialect:
      dialect === 'sqlite'
        ? {
            createAdapter: () => new SqliteAdapter(),
            createDriver: () => driver,
            createQueryCompiler: () => new SqliteQueryCompiler(),
            createIntrospector: (k) => new SqliteIntrospector(k),
          }
        : {
            createAdapter: () => new PostgresAdapter(),
            createDriver: () => driver,
            createQueryCompiler: () => new PostgresQueryCompiler(),
            createIntrospector: (k) => new PostgresIntrospector(k),
          },
  });
  const database: FakeDatabase = {
    kysely: db,
    dialect,
    sqlite: null,
    statements: null,
    pool: null,
    ping: async () => {},
    close: async () => {},
  };
  // `db` also answers as a store (`db.kysely`, `db.dialect`, …): a parameter named `db` may be either.
  const hybrid = new Proxy(db, {
    get(target, prop) {
      if (typeof prop === 'string' && prop in database && !(prop in target)) return database[prop as keyof FakeDatabase];
      const v = Reflect.get(target, prop, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  return { driver, context: { db: hybrid, database, dialect } };
}

/** One block of a dump file. */
export interface DumpBlock {
  /** `<file relative to src> <export>.<member>`, the block's comment. */
  readonly title: string;
  readonly sql: string[];
  /** Set when the call failed before sending anything: the block says so instead of SQL. */
  readonly failure?: string;
}

/** The files whose statements are dumped: every `*.repository.ts` and `*.sql.ts` under `srcDir`. */
export function statementFiles(srcDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(repository|sql)\.ts$/.test(entry.name)) out.push(path);
    }
  };
  walk(srcDir);
  return out.sort();
}

/** The dump file a source file's statements go to: its module (`src/modules/<m>/…`), else its folder (`platform-db`). */
export function moduleOf(srcDir: string, file: string): string {
  const parts = relative(srcDir, file).split(sep);
  if (parts[0] === 'modules' && parts.length > 2) return parts[1]!;
  return parts.slice(0, -1).join('-') || 'src';
}

function isStatement(value: unknown): value is { description: string; compile(db: unknown): { sql: string } } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { description?: unknown }).description === 'string' &&
    typeof (value as { compile?: unknown }).compile === 'function'
  );
}

function isCompilable(value: unknown): value is { compile(): CompiledQuery } {
  return typeof value === 'object' && value !== null && typeof (value as { compile?: unknown }).compile === 'function';
}

function isClass(value: unknown): value is new (...args: unknown[]) => object {
  return typeof value === 'function' && /^class\b/.test(Function.prototype.toString.call(value));
}

/** The parameter names of a function, from its source (`{…}`/`[…]` for a destructured one). */
export function parameterNames(fn: (...args: never[]) => unknown): string[] {
  const source = Function.prototype.toString.call(fn);
  const isClassSource = /^class\b/.test(source);
  const ctor = isClassSource ? source.match(/\bconstructor\s*\(/) : null;
  if (isClassSource && !ctor) return [];
  const open = source.indexOf('(', ctor?.index ?? 0);
  if (open < 0) return [];
  let depth = 0;
  let close = open;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') depth--;
    if (depth === 0) {
      close = i;
      break;
    }
  }
  const inner = source.slice(open + 1, close);
  const names: string[] = [];
  depth = 0;
  let current = '';
  for (const c of inner) {
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') depth--;
    if (c === ',' && depth === 0) {
      names.push(current);
      current = '';
    } else current += c;
  }
  if (current.trim()) names.push(current);
  return names.map((n) => {
    const t = n.trim();
    if (t.startsWith('{')) return '{}';
    if (t.startsWith('[')) return '[]';
    return t.replace(/^\.\.\./, '').split(/[=:\s]/)[0]!;
  });
}

const NUMBER_NAME = new RegExp(
  '^(now|n|day|today|limit|count|size|from|to|until|since|version|amount|points|offset|cutoff|before|after)$|(At|Ms|Day|Limit)$',
);

/** Parameters whose shape a name cannot tell (rows, options): a method with one needs a sample. */
const STRUCTURED_NAME = new RegExp(
  '^(row|rows|input|fields|values|patch|options|opts|data|entry|entries|changes|update|spec|filter|query|page|statement|fn|callback)$' +
    '|(Row|Rows|Options)$',
);

export class NeedsSample extends Error {
  constructor(name: string) {
    super(`parameter "${name}" needs a sample`);
  }
}

/** Parameters that get the recording store. */
const STORE_NAMES = ['db', 'trx', 'tx', 'kysely', 'executor', 'queryable', 'database', 'store'];

/** The argument a parameter gets when no sample is given. */
export function defaultArgument(name: string, context: SampleContext): unknown {
  if (STRUCTURED_NAME.test(name)) throw new NeedsSample(name);
  if (STORE_NAMES.includes(name)) return name === 'database' || name === 'store' ? context.database : context.db;
  if (name === 'dialect') return context.dialect;
  if (name === '{}') return {};
  if (name === '[]') return [];
  if (/(Ids|Keys)$|^(ids|keys)$/.test(name)) return [`${name}-1`, `${name}-2`];
  if (NUMBER_NAME.test(name)) return 1;
  return name;
}

function normalize(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** Where a function is declared, to read its parameters' types. */
interface Source {
  readonly types: RowTypes;
  readonly file: string;
  readonly name: string;
  readonly className?: string;
}

/** The arguments of a call without a sample: a row for a parameter typed as a row, else by name. */
function defaultArguments(fn: (...args: never[]) => unknown, context: SampleContext, source: Source): unknown[] {
  const types = source.types.parameterTypes(source.file, source.name, source.className);
  return parameterNames(fn).map((name) => {
    if (STORE_NAMES.includes(name)) return defaultArgument(name, context);
    const type = types.get(name);
    const row = type === undefined ? undefined : source.types.sample(type);
    return row !== undefined ? row : defaultArgument(name, context);
  });
}

async function loadSamples(file: string): Promise<Samples> {
  const path = file.replace(/\.ts$/, '.samples.ts');
  if (!existsSync(path)) return {};
  const mod = (await import(pathToFileURL(path).href)) as { samples?: Samples };
  return mod.samples ?? {};
}

/** Calls `fn` with each argument list and records what it sends (one block per call). */
async function callBlocks(
  title: string,
  recorder: Recorder,
  fn: (...args: unknown[]) => unknown,
  self: unknown,
  samples: readonly Sample[] | undefined,
  source: Source,
): Promise<DumpBlock[]> {
  const lists = samples ?? [(c: SampleContext) => defaultArguments(fn, c, source)];
  const blocks: DumpBlock[] = [];
  for (let i = 0; i < lists.length; i++) {
    const name = lists.length > 1 ? `${title} [sample ${i + 1}]` : title;
    recorder.driver.log = [];
    let failure: string | undefined;
    try {
      const args = lists[i]!(recorder.context);
      const result: unknown = await fn.apply(self, args);
      // A method that returns a query for its caller to run (e.g. in a write batch's session).
      if (recorder.driver.log.length === 0 && isCompilable(result)) recorder.driver.log.push(result.compile());
    } catch (error) {
      failure = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    }
    const sql = recorder.driver.log.map((q) => normalize(q.sql));
    if (sql.length > 0) blocks.push({ title: name, sql });
    else if (failure !== undefined) blocks.push({ title: name, sql: [], failure });
  }
  return blocks;
}

function methodsOf(value: object): string[] {
  const names = new Set<string>();
  for (let proto = Object.getPrototypeOf(value); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const d = Object.getOwnPropertyDescriptor(proto, name);
      if (name !== 'constructor' && d && typeof d.value === 'function') names.add(name);
    }
  }
  return [...names].sort();
}

/** The blocks of one export for one dialect. */
async function exportBlocks(
  label: string,
  name: string,
  value: unknown,
  samples: Samples,
  recorder: Recorder,
  at: { types: RowTypes; file: string },
): Promise<DumpBlock[]> {
  const dialect = recorder.context.dialect;
  const title = `${label} ${name}`;
  if (isStatement(value)) return [{ title, sql: [normalize(value.compile(recorder.context.db).sql)] }];
  const own = samples[name] ?? {};
  if (isClass(value)) {
    const ctor = own[''];
    const args = ctor
      ? ctor[0]!(recorder.context)
      : defaultArguments(value as never, recorder.context, { ...at, name: '', className: name });
    const instance = new value(...args);
    const blocks: DumpBlock[] = [];
    for (const method of methodsOf(instance)) {
      const fn = (instance as Record<string, (...a: unknown[]) => unknown>)[method]!;
      const source = { ...at, name: method, className: name };
      blocks.push(...(await callBlocks(`${title}.${method}`, recorder, fn, instance, own[method], source)));
    }
    return blocks;
  }
  if (typeof value === 'function') {
    // A function that is given no store (a helper such as a row mapper) sends no SQL.
    const fn = value as (...a: unknown[]) => unknown;
    if (!own[''] && !parameterNames(fn).some((n) => STORE_NAMES.includes(n))) return [];
    return callBlocks(title, recorder, fn, undefined, own[''], { ...at, name });
  }
  if (typeof value !== 'object' || value === null) return [];
  const plain = Object.getPrototypeOf(value) === Object.prototype;
  const props = Object.keys(value).sort();
  const hasMany = props.some((p) => p === 'many' && isStatement((value as Record<string, unknown>)[p]));
  const blocks: DumpBlock[] = [];
  for (const prop of props) {
    const v = (value as Record<string, unknown>)[prop];
    if (isStatement(v)) {
      if (hasMany && (prop === 'many' || prop.endsWith('Pg')) !== (dialect === 'postgres')) continue;
      blocks.push({ title: `${title}.${prop}`, sql: [normalize(v.compile(recorder.context.db).sql)] });
    } else if (plain && typeof v === 'function') {
      const fn = v as (...a: unknown[]) => unknown;
      blocks.push(...(await callBlocks(`${title}.${prop}`, recorder, fn, value, own[prop], { ...at, name: prop })));
    }
  }
  return blocks;
}

/** Every dump file's text: `<dialect>/<module>.sql` → contents. */
export async function renderDump(srcDir: string): Promise<Map<string, string>> {
  const byModule = new Map<string, Map<DumpDialect, DumpBlock[]>>();
  const recorders = new Map(DIALECTS.map((d) => [d, recorder(d)] as const));
  const types = new RowTypes(srcDir);
  for (const file of statementFiles(srcDir)) {
    const label = relative(srcDir, file).split(sep).join('/');
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const samples = await loadSamples(file);
    const module = moduleOf(srcDir, file);
    const perDialect = byModule.get(module) ?? new Map<DumpDialect, DumpBlock[]>();
    byModule.set(module, perDialect);
    for (const dialect of DIALECTS) {
      const blocks = perDialect.get(dialect) ?? [];
      perDialect.set(dialect, blocks);
      for (const name of Object.keys(mod).sort()) {
        blocks.push(...(await exportBlocks(label, name, mod[name], samples, recorders.get(dialect)!, { types, file })));
      }
    }
  }
  const files = new Map<string, string>();
  for (const module of [...byModule.keys()].sort()) {
    for (const dialect of DIALECTS) {
      const blocks = byModule.get(module)!.get(dialect)!;
      if (blocks.length === 0) continue;
      const text = blocks
        .map((b) => {
          const head = `-- ${b.title}`;
          if (b.failure !== undefined) return `${head}\n-- (not dumped: the call failed with "${b.failure}"; give it a sample)\n`;
          return `${head}\n${b.sql.map((s) => `${s};`).join('\n')}\n`;
        })
        .join('\n');
      files.set(
        `${dialect}/${module}.sql`,
        `-- Generated by npm run sql:dump (scripts/sql-dump.ts): the ${DIALECT_NAMES[dialect]} SQL of ${module}.\n` +
          `-- Do not edit; docs/sql.md says how a statement gets here.\n\n${text}`,
      );
    }
  }
  return files;
}
