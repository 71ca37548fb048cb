/**
 * Prints the functions with the most self time of a V8 .cpuprofile (node --cpu-prof), for the
 * "profile of whatever misses" in bench/README.md.   node --import tsx bench/leaderboard/profile-summary.ts <file> [n]
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
const profile = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  total += dt;
  const f = byId.get(id)!.callFrame;
  const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(src|node_modules)\//, '$1/')}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + dt);
});
const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 15));
console.log(`| self ms | share | function |\n|---|---|---|`);
for (const [name, us] of top) console.log(`| ${Math.round(us / 1000)} | ${((us / total) * 100).toFixed(1)}% | \`${name}\` |`);
