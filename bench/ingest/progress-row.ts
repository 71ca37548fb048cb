/**
 * The in-memory cost of one user's achievement progress row per event (npm run bench:progress-row):
 * for PROGRESS_ACHIEVEMENTS (20) achievements, read each progress (`heldProgress`), move it
 * (`setHeldProgress`) and build the row's text (`userProgressText`), as the write path does for every
 * event that touches them; PROGRESS_USERS (1,000) users, PROGRESS_ROUNDS (200) events each. Prints µs
 * per user-event. No SQL: the part of issue 29's cost that does not depend on the store, steady enough
 * on this machine to compare two commits (the toggle of bench:write-path moves by ±5 µs between runs).
 */
import { heldProgress, setHeldProgress, userProgressText, type UserProgress } from '../../src/modules/achievements/achievement-progress.js';

const N = Number(process.env.PROGRESS_ACHIEVEMENTS ?? 20);
const USERS = Number(process.env.PROGRESS_USERS ?? 1_000);
const ROUNDS = Number(process.env.PROGRESS_ROUNDS ?? 200);
const CREATED_AT = Date.UTC(2026, 10, 1);

const ids = Array.from({ length: N }, (_, i) => `bench-achievement-${i}`);
const users: UserProgress[] = Array.from({ length: USERS }, () => new Map());
let bytes = 0;
function round(): void {
  for (const entries of users) {
    for (const id of ids) setHeldProgress(entries, id, (heldProgress(entries, id, CREATED_AT) as number) + 1, CREATED_AT);
    bytes += userProgressText(entries).length;
  }
}
for (let i = 0; i < 20; i++) round(); // warm-up
const results: number[] = [];
for (let r = 0; r < 5; r++) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS / 5; i++) round();
  results.push(Number(process.hrtime.bigint() - start) / 1000 / ((ROUNDS / 5) * USERS));
}
results.sort((a, b) => a - b);
console.log(
  `${N} achievements: ${results[2]!.toFixed(2)} µs per user-event (median of 5; ${results.map((x) => x.toFixed(2)).join(', ')}); ` +
    `${Math.round(bytes / ((ROUNDS + 20) * USERS))} bytes per row`,
);
