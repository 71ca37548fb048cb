/**
 * Sample rows from the source's own types, so a repository method that takes a row (`row:
 * OffersTable`, `rows: readonly EventLogRow[]`, `changes: Partial<Pick<ProjectsTable, 'name'>>`) is
 * dumped without a hand-written sample: every column the type names gets a value (its SQL depends
 * on the columns, never on the values). Reads `interface X { … }` and `type X = …` declarations of
 * the files under src/; understands `X[]`, `readonly`, `Omit`, `Pick` and `Partial`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type Fields = Array<[name: string, type: string]>;

export class RowTypes {
  private readonly interfaces = new Map<string, Fields>();
  private readonly aliases = new Map<string, string>();
  private readonly sources = new Map<string, string>();

  constructor(srcDir: string) {
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) this.read(path);
      }
    };
    walk(srcDir);
  }

  private read(path: string): void {
    const text = readFileSync(path, 'utf8');
    this.sources.set(path, text);
    for (const m of text.matchAll(/^(?:export )?interface (\w+)(?: extends [^{]+)? \{\n([\s\S]*?)\n\}/gm)) {
      if (this.interfaces.has(m[1]!)) continue;
      const fields: Fields = [];
      for (const line of m[2]!.split('\n')) {
        const f = /^ {2}(?:readonly )?(\w+)\??: (.+);$/.exec(line);
        if (f) fields.push([f[1]!, f[2]!]);
      }
      this.interfaces.set(m[1]!, fields);
    }
    for (const m of text.matchAll(/^(?:export )?type (\w+) = ([^;]+);/gm))
      if (!this.aliases.has(m[1]!)) this.aliases.set(m[1]!, m[2]!.trim());
  }

  /** The declared types of a function's parameters in `file` (by the method's or function's name). */
  parameterTypes(file: string, name: string, className?: string): Map<string, string> {
    const whole = this.sources.get(file) ?? '';
    const classAt = className ? whole.search(new RegExp(`^export class ${className}\\b`, 'm')) : -1;
    const offset = Math.max(0, classAt);
    const text = whole.slice(offset);
    const out = new Map<string, string>();
    const start = new RegExp(
      `^ *(?:export )?(?:private )?(?:async )?(?:function )?${name === '' ? 'constructor' : name}(?:<[^(]*>)?\\(`,
      'm',
    ).exec(text);
    if (!start) return out;
    let depth = 0;
    let i = start.index + start[0].length - 1;
    const begin = i + 1;
    for (; i < text.length; i++) {
      const c = text[i];
      if (c === '(' || c === '<' || c === '{' || c === '[') depth++;
      else if (c === ')' || c === '>' || c === '}' || c === ']') depth--;
      if (depth === 0) break;
    }
    const params: string[] = [];
    let current = '';
    depth = 0;
    for (const c of text.slice(begin, i)) {
      if (c === '(' || c === '<' || c === '{' || c === '[') depth++;
      else if (c === ')' || c === '>' || c === '}' || c === ']') depth--;
      if (c === ',' && depth === 0) {
        params.push(current);
        current = '';
      } else current += c;
    }
    params.push(current);
    for (const p of params) {
      const m = /^\s*(?:(?:private|readonly|public)\s+)*(\w+)\??\s*:\s*([\s\S]+?)\s*$/.exec(p);
      if (m) out.set(m[1]!, m[2]!.replace(/\s+/g, ' '));
    }
    return out;
  }

  /** A sample value of `type`, or undefined when the type is not a row this can build. */
  sample(type: string): unknown {
    const t = type.trim().replace(/^readonly /, '');
    const array = /^(.+)\[\]$/.exec(t) ?? /^(?:Readonly)?Array<(.+)>$/.exec(t);
    if (array) {
      const one = this.sample(array[1]!);
      return one === undefined ? undefined : [one];
    }
    // A row of a write-path statement (`Parameters<typeof insertX.run>[1][number]`): its columns are
    // the statement's, so a row that has every column (any name reads as a value) fits.
    if (this.isStatementRow(t)) return new Proxy({}, { get: (_target, name) => (typeof name === 'string' ? name : undefined) });
    const fields = this.fields(t);
    if (!fields) return undefined;
    return Object.fromEntries(fields.map(([name, fieldType]) => [name, valueOf(fieldType)]));
  }

  private isStatementRow(type: string, depth = 0): boolean {
    if (type.startsWith('Parameters<typeof ')) return true;
    const alias = this.aliases.get(type);
    return depth < 5 && alias !== undefined && this.isStatementRow(alias, depth + 1);
  }

  private fields(type: string, depth = 0): Fields | undefined {
    if (depth > 5) return undefined;
    const t = type.trim();
    const wrapped = /^(Omit|Pick|Partial|Required|Readonly)<([\s\S]+)>$/.exec(t);
    if (wrapped) {
      const [inner, keys] = splitTop(wrapped[2]!);
      const fields = this.fields(inner!, depth + 1);
      if (!fields) return undefined;
      if (wrapped[1] === 'Omit' || wrapped[1] === 'Pick') {
        const names = new Set([...(keys ?? '').matchAll(/'(\w+)'/g)].map((m) => m[1]!));
        return fields.filter(([n]) => names.has(n) === (wrapped[1] === 'Pick'));
      }
      return fields;
    }
    if (this.interfaces.has(t)) return this.interfaces.get(t);
    const alias = this.aliases.get(t);
    return alias ? this.fields(alias, depth + 1) : undefined;
  }
}

/** `A, B` at the top level of a type argument list → ['A', 'B']. */
function splitTop(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of text) {
    if (c === '<' || c === '(' || c === '{' || c === '[') depth++;
    else if (c === '>' || c === ')' || c === '}' || c === ']') depth--;
    if (c === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
    } else current += c;
  }
  out.push(current.trim());
  return out;
}

function valueOf(type: string): unknown {
  const options = type.split('|').map((s) => s.trim());
  const first = options.find((o) => o !== 'null' && o !== 'undefined') ?? 'null';
  if (first === 'number' || first === 'bigint' || /^\d+$/.test(first)) return 1;
  if (first === 'boolean') return true;
  if (/^'.*'$/.test(first)) return first.slice(1, -1);
  if (first === 'null') return null;
  return 'x';
}
