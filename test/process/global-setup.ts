import { buildServerIfStale } from '../helpers/built-server.js';

/** Once per run: the process tests run dist/main.js (and dist/cli), so it must be current. */
export default function setup(): void {
  buildServerIfStale();
}
