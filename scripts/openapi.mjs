// Writes the service's OpenAPI document (what GET /openapi.json serves) to a file, from the built
// server in dist/ and without listening on a port: `node scripts/openapi.mjs [file]` (default
// dist/openapi.json). Used by `npm run lint:openapi` and `npm run generate:client`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const out = resolve(process.argv[2] ?? join(root, 'dist/openapi.json'));
const dataDir = mkdtempSync(join(tmpdir(), 'laurel-openapi-'));
// Embedded store in a scratch folder; no test clock (its routes are not part of the service).
for (const name of ['REDIS_URL', 'LAUREL_TEST_CLOCK']) delete process.env[name];
process.env.LAUREL_DATA_DIR = dataDir;
// The store too: the default DATABASE_URL is ./data/laurel.db of the working directory, which may hold a
// developer's data (or a store migrated by another checkout), never the scratch folder.
process.env.DATABASE_URL = `sqlite:${join(dataDir, 'laurel.db')}`;
try {
  const { buildApp } = await import(pathToFileURL(join(root, 'dist/app.js')).href);
  const { loadConfig } = await import(pathToFileURL(join(root, 'dist/config.js')).href);
  const { resolveSecrets } = await import(pathToFileURL(join(root, 'dist/secrets.js')).href);
  const { config } = resolveSecrets(loadConfig());
  const app = await buildApp({ config, logger: false });
  await app.ready();
  writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
  console.log(`OpenAPI document written to ${out}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
