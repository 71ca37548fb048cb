// npm run generate:client — writes clients/typescript/src/schema.ts from the built server's OpenAPI
// document (run `npm run build:server` first when the routes changed).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateClientTypes } from './client-codegen.mjs';

const root = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'laurel-client-'));
try {
  const file = join(dir, 'openapi.json');
  execFileSync(process.execPath, [join(root, 'scripts/openapi.mjs'), file], { stdio: 'inherit' });
  const out = join(root, 'clients/typescript/src/schema.ts');
  writeFileSync(out, await generateClientTypes(JSON.parse(readFileSync(file, 'utf8'))));
  console.log(`client types written to ${out}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
