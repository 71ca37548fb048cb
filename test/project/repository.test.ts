import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/built-server.js';

/** What the repository promises about itself: no outside documents, module boundaries, npm setup. */

const SKIP = new Set(['node_modules', 'dist', '.git', 'data', 'coverage', 'results', 'screenshots']);
const TEXT = /\.(ts|tsx|mjs|js|json|md|yaml|yml|conf|html|css)$|(^|\/)(Dockerfile|run|\.npmrc|\.gitignore|\.dockerignore)$/;

function files(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (SKIP.has(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (TEXT.test(path) && !path.endsWith('package-lock.json')) out.push(path);
  }
  return out;
}

describe('the repository', () => {
  it('never refers to documents that are not in it', () => {
    // Built from parts, so that this file does not match itself.
    const outside = new RegExp(
      [`\\.\\./${'shared'}/`, `/work/${'shared'}`, `\\b(${['INTERFACE', 'CONTRACT', 'DESIGN', 'STYLE'].join('|')})\\.md\\b`].join('|'),
    );
    const offenders = files(ROOT).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (outside.test(line) ? [`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps route modules independent of app.ts (they take the App type from src/http/app-type.ts)', () => {
    const routes = files(join(ROOT, 'src', 'modules')).filter((f) => f.endsWith('.routes.ts'));
    expect(routes.length).toBeGreaterThan(10);
    const offenders = routes.filter((f) => /from '(\.\.\/)+app\.js'/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('approves in allowScripts exactly the installed packages that have install scripts', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { allowScripts: Record<string, boolean> };
    const withScripts = new Set<string>();
    const visit = (modules: string) => {
      if (!existsSync(modules)) return;
      for (const entry of readdirSync(modules)) {
        if (entry.startsWith('.')) continue;
        const dirs = entry.startsWith('@') ? readdirSync(join(modules, entry)).map((e) => join(modules, entry, e)) : [join(modules, entry)];
        for (const dir of dirs) {
          const manifest = join(dir, 'package.json');
          if (!existsSync(manifest)) continue;
          const { name, scripts = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string; scripts?: Record<string, string> };
          // npm runs `node-gyp rebuild` for a binding.gyp without an install script of its own.
          if (scripts.preinstall || scripts.install || scripts.postinstall || existsSync(join(dir, 'binding.gyp'))) withScripts.add(name);
          visit(join(dir, 'node_modules'));
        }
      }
    };
    visit(join(ROOT, 'node_modules'));
    expect([...withScripts].sort()).toEqual(['better-sqlite3', 'esbuild']);
    expect(pkg.allowScripts).toEqual({ 'better-sqlite3': true, esbuild: true });
  });

  it('names the supported Node versions (22 and 24), and CI runs on Node 22 and tests the newest Node 24', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
      dependencies: Record<string, string>;
    };
    expect(pkg.engines.node).toBe('>=22');
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('Node.js 22 or 24');
    const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8');
    expect(ci).toContain('exec scripts/with-node.sh 22 "$0"');
    expect(ci).toContain('scripts/with-node.sh 24 ');
    // Production runs the build, not TypeScript: no loader among the runtime dependencies.
    expect(pkg.dependencies.tsx).toBeUndefined();
  });
});
