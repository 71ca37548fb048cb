import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/built-server.js';

/** The boundary rules of .dependency-cruiser.mjs (npm run lint:deps) hold on the code and fail on a breach. */

const CONFIG = join(ROOT, '.dependency-cruiser.mjs');
const CRUISER = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');

function cruise(cwd: string, ...paths: string[]) {
  const run = spawnSync(process.execPath, [CRUISER, ...paths, '--config', CONFIG, '--output-type', 'err'], { cwd, encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

const fixtures: string[] = [];
/** A small tree of its own (src/modules/…, src/platform/…) with the given files, and a tsconfig like the project's. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'laurel-boundaries-'));
  fixtures.push(dir);
  const all = {
    'tsconfig.json': JSON.stringify({
      compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true },
      include: ['src'],
    }),
    'src/modules/beta/index.ts': "export { betaRows } from './beta.repository.js';\n",
    'src/modules/beta/beta.repository.ts': 'export const betaRows = () => [];\n',
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

afterAll(() => {
  for (const dir of fixtures) rmSync(dir, { recursive: true, force: true });
});

describe('the module boundaries (dependency-cruiser)', () => {
  it('hold on src and test', () => {
    const run = cruise(ROOT, 'src', 'test');
    expect(run.output).toContain('no dependency violations found');
    expect(run.status).toBe(0);
  }, 60_000);

  it('let a module use another through its index.ts', () => {
    const dir = tree({
      'src/modules/alpha/alpha.service.ts': "import { betaRows } from '../beta/index.js';\nexport const rows = betaRows;\n",
    });
    const run = cruise(dir, 'src');
    expect(run.output).toContain('no dependency violations found');
    expect(run.status).toBe(0);
  }, 60_000);

  it('fail on a deep import into another module, on platform code importing a module, and on an import circle', () => {
    const dir = tree({
      'src/modules/alpha/alpha.service.ts': "import { betaRows } from '../beta/beta.repository.js';\nexport const rows = betaRows;\n",
      'src/platform/clock-fixture.ts': "import { betaRows } from '../modules/beta/index.js';\nexport const rows = betaRows;\n",
      'src/modules/alpha/one.ts': "import { two } from './two.js';\nexport const one = () => two();\n",
      'src/modules/alpha/two.ts':
        "import type { one } from './one.js';\nexport const two = (): ReturnType<typeof one> | void => undefined;\n",
    });
    const run = cruise(dir, 'src');
    expect(run.status).not.toBe(0);
    expect(run.output).toContain('module-through-its-index: src/modules/alpha/alpha.service.ts → src/modules/beta/beta.repository.ts');
    expect(run.output).toContain('platform-and-engine-stand-alone: src/platform/clock-fixture.ts → src/modules/beta/index.ts');
    expect(run.output).toMatch(/no-circular: src\/modules\/alpha\/(one|two)\.ts/);
  }, 60_000);
});
