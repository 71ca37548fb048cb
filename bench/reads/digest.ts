/**
 * The digest every authenticated request takes of its token or API key (`npx tsx bench/reads/digest.ts`):
 * `createHash(…).update(…).digest(…)`, which builds a Hash object per call, against the one-shot
 * `hash(…)` of node:crypto, on a token of a user JWT's length. Prints ns per digest, three rounds.
 */
import { createHash, hash } from 'node:crypto';

const TOKEN = `eyJhbGciOiJIUzI1NiJ9.${'x'.repeat(180)}`;
const N = 200_000;
let sink = 0;
for (let round = 1; round <= 3; round++) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) sink += createHash('sha256').update(TOKEN).digest('base64').length;
  const t1 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) sink += hash('sha256', TOKEN, 'base64').length;
  const t2 = process.hrtime.bigint();
  console.log(`round ${round}: createHash ${(Number(t1 - t0) / N).toFixed(0)} ns, hash ${(Number(t2 - t1) / N).toFixed(0)} ns per digest`);
}
if (sink === 0) console.log('');
