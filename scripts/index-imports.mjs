// Module boundaries, the mechanical part: rewrites every import that reaches from outside a module
// (another module, src/services.ts, src/app.ts, src/http, tests elsewhere) into a deep file of
// src/modules/<m>/ so that it goes through src/modules/<m>/index.ts, and keeps each index.ts exporting
// what those imports need (value or type, as the TypeScript checker says). Imports inside a module stay
// direct; a test factory or test helper file (*.test-factory.ts, *.test-helpers.ts) stays importable
// from any test. Safe to run again at any time: it only touches what is not yet in that shape, and drops
// from an index.ts an export whose file or name no longer exists. `npm run lint:deps` checks the result.
//
//   node scripts/index-imports.mjs          rewrite (prints what it changed)
//   node scripts/index-imports.mjs --check  change nothing; exit 1 when something would change
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = join(ROOT, 'src', 'modules');
const check = process.argv.includes('--check');

const parsed = ts.getParsedCommandLineOfConfigFile(
  join(ROOT, 'tsconfig.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
);
const files = parsed.fileNames.filter(
  (f) => (f.startsWith(join(ROOT, 'src') + sep) || f.startsWith(join(ROOT, 'test') + sep)) && !f.endsWith('.d.ts'),
);
const program = ts.createProgram(files, parsed.options);
const checker = program.getTypeChecker();

/** The module a file belongs to (`points` for src/modules/points/ledger.ts), or null. */
const moduleOf = (file) => {
  const rel = relative(MODULES, file);
  return rel.startsWith('..') || !rel.includes(sep) ? null : rel.split(sep)[0];
};
const isTestSupport = (file) => /\.test-(factory|helpers)\.ts$/.test(file);
const isTest = (file) => /\.test\.ts$/.test(file) || isTestSupport(file) || file.startsWith(join(ROOT, 'test') + sep);
const toTs = (from, specifier) => resolve(dirname(from), specifier).replace(/\.js$/, '.ts');

/** Whether `name`, exported by `file`, is a value at run time (else a type only). */
function isValueExport(file, name) {
  const source = program.getSourceFile(file);
  const symbol = source && checker.getSymbolAtLocation(source);
  if (!symbol) return null;
  const exported = checker.getExportsOfModule(symbol).find((s) => s.name === name);
  if (!exported) return null;
  const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  return (target.flags & ts.SymbolFlags.Value) !== 0;
}

/** Per module: file (relative to the module, `./ledger.js`) → names other places need from it. */
const needed = new Map();
const need = (module, file, name) => {
  const byFile = needed.get(module) ?? new Map();
  needed.set(module, byFile);
  const names = byFile.get(file) ?? new Set();
  byFile.set(file, names);
  names.add(name);
};

const edits = [];
const problems = [];
/** Per module: the names other places already import from its index.ts. */
const viaIndex = new Map();
for (const source of program.getSourceFiles()) {
  const file = source.fileName;
  if (!files.includes(file)) continue;
  const own = moduleOf(file);
  const replacements = [];
  for (const statement of source.statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
    const spec = statement.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) continue;
    const target = toTs(file, spec.text);
    const module = moduleOf(target);
    if (!module || module === own) continue;
    if (target === join(MODULES, module, 'index.ts')) {
      // Already through the index: the index must still export these names (a merge may have moved their file).
      const wanted = viaIndex.get(module) ?? new Set();
      viaIndex.set(module, wanted);
      const clause = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : statement.exportClause;
      if (clause && (ts.isNamedImports(clause) || ts.isNamedExports(clause))) {
        for (const el of clause.elements) wanted.add((el.propertyName ?? el.name).text);
      }
      continue;
    }
    if (isTestSupport(target) && isTest(file)) continue;
    const where = `${relative(ROOT, file)}: ${spec.text}`;
    const names = [];
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (!clause) {
        problems.push(`${where}: an import for its side effects only (import it inside its module)`);
        continue;
      }
      if (clause.name || (clause.namedBindings && !ts.isNamedImports(clause.namedBindings))) {
        problems.push(`${where}: a default or namespace import (name what is imported)`);
        continue;
      }
      for (const el of clause.namedBindings?.elements ?? []) names.push((el.propertyName ?? el.name).text);
    } else {
      if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) {
        problems.push(`${where}: export * (name what is exported)`);
        continue;
      }
      for (const el of statement.exportClause.elements) names.push((el.propertyName ?? el.name).text);
    }
    const inModule = './' + relative(join(MODULES, module), target).split(sep).join('/').replace(/\.ts$/, '.js');
    for (const name of names) need(module, inModule, name);
    let index = relative(dirname(file), join(MODULES, module, 'index.js'))
      .split(sep)
      .join('/');
    if (!index.startsWith('.')) index = './' + index;
    replacements.push({ start: spec.getStart(source) + 1, end: spec.getEnd() - 1, text: index });
  }
  if (replacements.length > 0) edits.push({ file, replacements });
}

/** The files of a module that may export something to others (not its tests, not its index). */
const moduleFiles = (module) => files.filter((f) => moduleOf(f) === module && !isTest(f) && f !== join(MODULES, module, 'index.ts'));

/** Adds to `listed` each name in `wanted` that no listed file exports any more, from the one file of the module that does. */
function findMoved(module, listed, wanted) {
  const exported = new Set();
  for (const [file, names] of listed) {
    const abs = join(MODULES, module, file.replace(/\.js$/, '.ts'));
    for (const name of names) if (existsSync(abs) && isValueExport(abs, name) !== null) exported.add(name);
  }
  for (const name of wanted) {
    if (exported.has(name)) continue;
    const owners = moduleFiles(module).filter((f) => isValueExport(f, name) !== null);
    if (owners.length !== 1) {
      problems.push(
        `${name} is imported from modules/${module}/index.js, but ${owners.length} files of ${module} export it: ` +
          'import it from where it lives now (or name its file in the index by hand)',
      );
      continue;
    }
    const file = './' + relative(join(MODULES, module), owners[0]).split(sep).join('/').replace(/\.ts$/, '.js');
    const names = listed.get(file) ?? new Set();
    listed.set(file, names);
    names.add(name);
  }
}

/** The exports an existing index.ts lists: file → names (its own header comment is kept as it is). */
function readIndex(path) {
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true);
  const listed = new Map();
  const header = source.statements.length > 0 ? text.slice(0, source.statements[0].getStart(source)) : text;
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.exportClause || !ts.isNamedExports(statement.exportClause)) {
      throw new Error(`${relative(ROOT, path)}: only \`export { … } from './file.js'\` lines are kept up to date here`);
    }
    const file = statement.moduleSpecifier.text;
    const names = listed.get(file) ?? new Set();
    listed.set(file, names);
    for (const el of statement.exportClause.elements) names.add(el.name.text);
  }
  return { header: header.trim() === '' ? '' : header.trimEnd() + '\n', listed };
}

const changed = [];
const indexes = [];
const modules = new Set([
  ...needed.keys(),
  ...viaIndex.keys(),
  ...readdirSync(MODULES).filter((m) => existsSync(join(MODULES, m, 'index.ts'))),
]);
for (const module of modules) {
  const path = join(MODULES, module, 'index.ts');
  const { header, listed } = existsSync(path)
    ? readIndex(path)
    : { header: `/** What other modules may use of ${module}: the rest of the folder is its own. */\n`, listed: new Map() };
  for (const [file, names] of needed.get(module) ?? []) {
    const all = listed.get(file) ?? new Set();
    listed.set(file, all);
    for (const name of names) all.add(name);
  }
  findMoved(module, listed, viaIndex.get(module) ?? new Set());
  indexes.push({ module, path, header, listed });
}
if (problems.length > 0) {
  console.error('index-imports: cannot rewrite these imports by itself:\n  ' + problems.join('\n  '));
  process.exit(1);
}
for (const { module, path, header, listed } of indexes) {
  const lines = [];
  const seen = new Map();
  for (const file of [...listed.keys()].sort()) {
    const abs = join(MODULES, module, file.replace(/\.js$/, '.ts'));
    const values = [];
    const types = [];
    for (const name of [...listed.get(file)].sort()) {
      const value = existsSync(abs) ? isValueExport(abs, name) : null;
      if (value === null) continue; // gone from that file: nobody can need it from here
      if (seen.has(name)) throw new Error(`${module}/index.ts: ${name} is exported by ${seen.get(name)} and ${file}`);
      seen.set(name, file);
      (value ? values : types).push(name);
    }
    if (values.length > 0) lines.push(`export { ${values.join(', ')} } from '${file}';`);
    if (types.length > 0) lines.push(`export type { ${types.join(', ')} } from '${file}';`);
  }
  const text = await (
    await import('prettier')
  ).format(header + lines.join('\n') + '\n', { ...(await (await import('prettier')).resolveConfig(path)), filepath: path });
  if (!existsSync(path) || readFileSync(path, 'utf8') !== text) {
    changed.push(relative(ROOT, path));
    if (!check) writeFileSync(path, text);
  }
}

/** One import line per index.ts: the named imports of several lines from the same index merged into the first. */
function mergeIndexImports(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const groups = new Map();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !/\/modules\/[^/]+\/index\.js$|^\.\.?\/index\.js$/.test(statement.moduleSpecifier.text))
      continue;
    const clause = statement.importClause;
    if (!clause || clause.name || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) continue;
    const group = groups.get(statement.moduleSpecifier.text) ?? [];
    groups.set(statement.moduleSpecifier.text, group);
    group.push(statement);
  }
  const cuts = [];
  for (const [specifier, group] of groups) {
    if (group.length < 2) continue;
    const allTypes = group.every((s) => s.importClause.isTypeOnly);
    const names = group.flatMap((s) =>
      s.importClause.namedBindings.elements.map((el) => {
        const type = !allTypes && (s.importClause.isTypeOnly || el.isTypeOnly) ? 'type ' : '';
        return type + (el.propertyName ? `${el.propertyName.text} as ${el.name.text}` : el.name.text);
      }),
    );
    const merged = `import ${allTypes ? 'type ' : ''}{ ${[...new Set(names)].join(', ')} } from '${specifier}';`;
    cuts.push({ start: group[0].getStart(source), end: group[0].getEnd(), text: merged });
    for (const s of group.slice(1)) cuts.push({ start: s.getFullStart(), end: s.getEnd(), text: '' });
  }
  for (const c of cuts.sort((a, b) => b.start - a.start)) text = text.slice(0, c.start) + c.text + text.slice(c.end);
  return text;
}

const prettier = await import('prettier');
for (const { file, replacements } of edits) {
  let text = readFileSync(file, 'utf8');
  for (const r of replacements.sort((a, b) => b.start - a.start)) text = text.slice(0, r.start) + r.text + text.slice(r.end);
  text = mergeIndexImports(file, text);
  text = await prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
  changed.push(relative(ROOT, file));
  if (!check) writeFileSync(file, text);
}

if (changed.length > 0) console.log(`index-imports: ${check ? 'would change' : 'changed'}:\n  ${changed.join('\n  ')}`);
if (check && changed.length > 0) process.exit(1);
