/**
 * Which stores the HTTP tests run against (docs/testing.md). SQLite always works; PostgreSQL + Redis
 * need LAUREL_TEST_POSTGRES_URL and LAUREL_TEST_REDIS_URL. LAUREL_TEST_BACKENDS narrows the choice:
 * `sqlite`, `postgres` or `both` (the default: both when the URLs are set, else SQLite alone).
 */
export type BackendName = 'sqlite' | 'postgres';

export interface BackendChoice {
  backends: BackendName[];
  /** Why PostgreSQL + Redis are left out, when they are; null when they run. */
  skipped: string | null;
}

export function chooseBackends(env: NodeJS.ProcessEnv): BackendChoice {
  const wanted = env.LAUREL_TEST_BACKENDS ?? '';
  if (!['', 'sqlite', 'postgres', 'both'].includes(wanted)) {
    throw new Error(`LAUREL_TEST_BACKENDS must be sqlite, postgres or both, not "${wanted}"`);
  }
  const postgres = Boolean(env.LAUREL_TEST_POSTGRES_URL);
  const redis = Boolean(env.LAUREL_TEST_REDIS_URL);
  if (postgres !== redis) {
    throw new Error('Scale mode needs both LAUREL_TEST_POSTGRES_URL and LAUREL_TEST_REDIS_URL (only one is set)');
  }
  if (wanted === 'sqlite') return { backends: ['sqlite'], skipped: 'LAUREL_TEST_BACKENDS=sqlite' };
  if (!postgres) {
    if (wanted === 'postgres' || wanted === 'both') {
      throw new Error(`LAUREL_TEST_BACKENDS=${wanted} needs LAUREL_TEST_POSTGRES_URL and LAUREL_TEST_REDIS_URL`);
    }
    return {
      backends: ['sqlite'],
      skipped:
        'LAUREL_TEST_POSTGRES_URL and LAUREL_TEST_REDIS_URL are not set (e.g. postgres://postgres@127.0.0.1:5432/postgres and ' +
        'redis://127.0.0.1:6379)',
    };
  }
  return { backends: wanted === 'postgres' ? ['postgres'] : ['sqlite', 'postgres'], skipped: null };
}
