import { buildServerIfStale } from './built-server.js';

/** Once per test run, before any test file: the tests that start real processes run dist/main.js, so it must be current. */
export default function setup(): void {
  buildServerIfStale();
}
