import type { TestProject } from 'vitest/node';
import { chooseBackends } from './backends.js';
import { createPostgresTemplate, dropPostgresDatabase } from './test-stores.js';

/**
 * Once per test run, before any test file: says which stores the HTTP tests use (and how to switch
 * on the ones left out), and migrates the PostgreSQL template database that every file copies.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { backends, skipped } = chooseBackends(process.env);
  const server = process.env.LAUREL_TEST_POSTGRES_URL;
  if (skipped) console.log(`HTTP tests run on SQLite only; the PostgreSQL + Redis suites are skipped: ${skipped}.`);
  const template = backends.includes('postgres') && server ? await createPostgresTemplate(server) : null;
  project.provide('postgresTemplate', template);
  return async () => {
    if (template && server) await dropPostgresDatabase(server, template);
  };
}
