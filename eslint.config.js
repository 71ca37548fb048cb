// ESLint (npm run lint, and .ci/run): the recommended rules of ESLint and typescript-eslint, plus the
// type-aware rules that catch what tests rarely do — a promise nobody awaits, a promise where a
// callback must not return one, a switch that misses a case of a union — and at most 140 characters
// a line. Formatting itself is Prettier's (npm run format). docs/testing.md says more.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'coverage/**',
      'data/**',
      '.scratch/**',
      // Generated from the OpenAPI document (npm run generate:client).
      'clients/typescript/src/schema.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/await-thenable': 'error',
      // Unused names fail the typecheck already (noUnusedLocals); `_` marks one left out on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Plain JavaScript (scripts, configs): no type information.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      globals: Object.fromEntries(
        ['process', 'console', 'URL', 'Buffer', 'fetch', 'performance', 'setTimeout', 'clearTimeout', 'AbortController'].map((name) => [
          name,
          'readonly',
        ]),
      ),
    },
  },
  {
    // A test reads JSON answers whose shape its assertions check; typing each one adds nothing.
    files: ['**/*.test.{ts,tsx}', '**/*.test-*.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['dashboard/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Time has one source (src/platform/clock.ts): business rules read the injected clock, what needs
    // real time (leases, timeouts, caches) reads realNow(). Tests and benchmarks measure as they like.
    files: ['src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-*.ts', 'src/platform/clock.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Date',
          property: 'now',
          message: 'Read clock.now() (business time) or realNow() (leases, timeouts, caches) from src/platform/clock.ts.',
        },
      ],
    },
  },
  {
    // Dialect differences live in src/platform/db (dialect-sql.ts for the rest of the code) and in the
    // write-path engine: nothing else compares a dialect name.
    files: ['src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-*.ts', 'src/platform/db/**', 'src/write-path/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'BinaryExpression[operator=/^[!=]==?$/] > Literal[value=/^(sqlite|postgres)$/]',
          message: 'A dialect branch belongs in src/platform/db (see dialect-sql.ts) or the write-path engine.',
        },
        {
          selector: 'SwitchCase > Literal.test[value=/^(sqlite|postgres)$/]',
          message: 'A dialect branch belongs in src/platform/db (see dialect-sql.ts) or the write-path engine.',
        },
      ],
    },
  },
  {
    rules: {
      // Deprecated as a formatting rule, but Prettier cannot shorten comments and strings: this can.
      'max-len': ['error', { code: 140, tabWidth: 2 }],
    },
  },
);
