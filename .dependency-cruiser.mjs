// The boundaries of the code (npm run lint:deps; part of npm test and npm run lint), checked on src/ and
// test/ with type-only imports counted (bench/ may reach into a module to seed data). docs/architecture.md,
// "Boundaries", says why each rule holds.
const TEST = '(\\.test\\.ts|\\.test-(factory|helpers)\\.ts)$|^test/';
const TEST_SUPPORT = '\\.test-(factory|helpers)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'module-through-its-index',
      comment:
        'A module imports another module only through its index.ts (what that module lets others use); ' +
        'its own files it imports directly. Run `node scripts/index-imports.mjs` to rewrite such an import.',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$', TEST_SUPPORT] },
    },
    {
      name: 'outside-modules-through-index',
      comment: 'Code outside src/modules (services.ts, app.ts, http, tests) imports a module only through its index.ts.',
      severity: 'error',
      from: { pathNot: '^src/modules/' },
      to: { path: '^src/modules/[^/]+/', pathNot: ['^src/modules/[^/]+/index\\.ts$', TEST_SUPPORT] },
    },
    {
      name: 'test-support-in-tests-only',
      comment: 'A test factory or test helper file is for tests: the service never imports one.',
      severity: 'error',
      from: { pathNot: TEST },
      to: { path: TEST_SUPPORT },
    },
    {
      name: 'platform-and-engine-stand-alone',
      comment: 'src/platform and the write-path engine (src/write-path) know no module and no HTTP code: modules register with them.',
      severity: 'error',
      from: { path: '^src/(platform|write-path)/' },
      to: { path: '^src/(modules|http)/' },
    },
    {
      name: 'no-circular',
      comment: 'No import circle, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    includeOnly: '^(src|test)/',
  },
};
