import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it, vi } from 'vitest';
import { parseTokenArgs, signDeveloperToken } from '../../src/cli/developer-token.js';
import { describeBackends, type TestContext } from '../helpers/test-app.js';
import { commandsOf, curlRequest, fencedBlocks, shellWords } from './shell-commands.js';

/**
 * docs/quickstart.md is executed: its ```sh blocks are run as written (curl commands as fetches
 * against the app listening on 127.0.0.1; `export` lines set variables, `npm run -s token` signs as
 * the CLI does; `npm install`/`npm start` are the server this test provides), and each ```json block
 * after a curl must equal what it answered. Its ```ts blocks run as one program against the same kind
 * of server, and their ```text blocks must equal what it printed. Loose only where a run cannot
 * repeat another (looselyEqual): Unix ms within a day, ISO times, generated ids of the same prefix.
 * QUICKSTART_PRINT=1 prints the real outputs (to write the document).
 */
const DOC = readFileSync(new URL('../../docs/quickstart.md', import.meta.url), 'utf8');
const CLIENT = new URL('../../clients/typescript/src/index.ts', import.meta.url).pathname;
/** The service's time in the run (the outputs in the document were taken at it). */
const NOW = Date.UTC(2026, 2, 12, 15, 30);
const PRINT = process.env.QUICKSTART_PRINT === '1';

const GENERATED = /^(cpn|rdm|red|adj|job|key|msg|ug|prj|wh|apk)_[A-Za-z0-9]+$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const DAY = 86_400_000;

/** Differences between what the document shows and what the run gave (empty: equal). */
export function looselyEqual(expected: unknown, actual: unknown, path = ''): string[] {
  if (typeof expected === 'number' && expected >= 1e12 && typeof actual === 'number')
    return Math.abs(expected - actual) <= DAY ? [] : [`${path}: ${actual} is not within a day of ${expected}`];
  if (typeof expected === 'string' && typeof actual === 'string') {
    if (ISO.test(expected) && ISO.test(actual)) return [];
    if (GENERATED.test(expected) && actual.split('_')[0] === expected.split('_')[0]) return [];
    // Times and generated ids inside a string (`COUPON#cpn_…`, `EVENT#purchase#<ms>`).
    const ms = (s: string) =>
      s.replace(/\d{13}/g, '<ms>').replace(/\b(cpn|rdm|red|adj|job|key|msg|ug|prj|wh|apk)_[A-Za-z0-9]+/g, '$1_<id>');
    return ms(expected) === ms(actual) ? [] : [`${path}: ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}`];
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) return [`${path}: ${actual.length} items, not ${expected.length}`];
    return expected.flatMap((e, i) => looselyEqual(e, actual[i], `${path}/${i}`));
  }
  if (expected && actual && typeof expected === 'object' && typeof actual === 'object' && !Array.isArray(actual)) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    return [...keys].flatMap((k) => looselyEqual((expected as never)[k], (actual as never)[k], `${path}/${k}`));
  }
  return Object.is(expected, actual) ? [] : [`${path}: ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}`];
}

/** The app of this test listening on 127.0.0.1 (a random port), its clock at NOW. */
async function serve(t: TestContext, adminToken: string): Promise<string> {
  t.configure({ adminToken });
  await t.restart();
  const clock = await t.inject({
    method: 'PUT',
    url: '/admin/clock',
    headers: { authorization: `Bearer ${adminToken}` },
    payload: { now: NOW },
  });
  expect(clock.statusCode).toBe(200);
  return t.app.listen({ host: '127.0.0.1', port: 0 });
}

/** The value of `export NAME=…`: a literal, or $(npm run -s token -- …) signed as the CLI signs. */
async function exported(t: TestContext, value: string): Promise<string> {
  const token = /^\$\(npm run -s token -- (.*)\)$/.exec(value);
  if (!token) return value.replace(/^['"]|['"]$/g, '');
  return signDeveloperToken(t.config(), parseTokenArgs(shellWords(token[1]!, {})));
}

describeBackends('docs/quickstart.md', (t) => {
  it('runs its curl commands as written and answers what it shows', async () => {
    const blocks = fencedBlocks(DOC);
    const adminToken = /export ADMIN_TOKEN=(\S+)/.exec(DOC)![1]!;
    const base = await serve(t, adminToken);
    const vars: Record<string, string> = {};
    const problems: string[] = [];
    let last: { command: string; body: unknown } | null = null;
    let curls = 0;
    for (const block of blocks) {
      if (block.info === 'sh') {
        last = null;
        for (const command of commandsOf(block.text)) {
          const words = shellWords(command, vars);
          const assignment = /^export ([A-Z_]+)=(.*)$/.exec(command);
          if (assignment) vars[assignment[1]!] = await exported(t, assignment[2]!);
          else if (words[0] === 'curl') {
            const request = curlRequest(words);
            const res = await fetch(request.url.replace(/^http:\/\/localhost:3000/, base), request);
            const text = await res.text();
            last = { command, body: text ? JSON.parse(text) : null };
            curls++;
            if (PRINT) console.info(`${command}\n${JSON.stringify(last.body, null, 2)}\n`);
          } else if (words[0] !== 'npm') problems.push(`a command the test cannot run: ${command}`);
        }
      } else if (block.info === 'json' && last) {
        const differences = looselyEqual(JSON.parse(block.text), last.body);
        if (differences.length > 0) problems.push(`${last.command}\n  ${differences.join('\n  ')}`);
        last = null;
      }
    }
    expect(problems).toEqual([]);
    expect(curls).toBeGreaterThanOrEqual(10);
  });

  it("runs the README's first event in three commands", async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const block = fencedBlocks(readme).find((b) => b.info === 'sh')!;
    const adminToken = /ADMIN_TOKEN=(\S+) npm start/.exec(readme)![1]!;
    const base = await serve(t, adminToken);
    const commands = commandsOf(block.text);
    expect(commands).toHaveLength(3);
    const answers: unknown[] = [];
    for (const command of commands) {
      const request = curlRequest(shellWords(command, {}));
      const res = await fetch(request.url.replace(/^http:\/\/localhost:3000/, base), request);
      expect(res.status, command).toBeLessThan(300);
      answers.push(await res.json());
    }
    expect(answers[2]).toMatchObject({ data: { userId: 'alice', pointsAwarded: 10 } });
  });

  it('runs its TypeScript as one program with the client and prints what it shows', async () => {
    const blocks = fencedBlocks(DOC);
    const program = blocks
      .filter((b) => b.info === 'ts')
      .map((b) => b.text)
      .join('\n')
      .replaceAll("'@laurel/client'", `'${CLIENT}'`);
    const expected = blocks
      .filter((b) => b.info === 'text' && b.text.startsWith('# ts'))
      .flatMap((b) => b.text.trim().split('\n').slice(1));
    const adminToken = /export ADMIN_TOKEN=(\S+)/.exec(DOC)![1]!;
    const base = await serve(t, adminToken);
    const dir = mkdtempSync(join(tmpdir(), 'laurel-quickstart-'));
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(' ')));
    const env = { ...process.env };
    try {
      Object.assign(process.env, {
        LAUREL_URL: base,
        LAUREL_TOKEN: await exported(t, '$(npm run -s token -- --sub shop-backend --role service)'),
        ADMIN_TOKEN: adminToken,
      });
      writeFileSync(join(dir, 'quickstart.ts'), program);
      await import(pathToFileURL(join(dir, 'quickstart.ts')).href);
    } finally {
      log.mockRestore();
      process.env = env;
      rmSync(dir, { recursive: true, force: true });
    }
    if (PRINT) console.info(printed.join('\n'));
    // Word by word, so a generated id or a time in a line is matched as a whole value would be.
    const words = (line: string | undefined) => (line ?? '').split(' ');
    const differences = printed.flatMap((line, i) => looselyEqual(words(expected[i]), words(line), `line ${i + 1}`));
    expect(differences).toEqual([]);
    expect(printed.length).toBe(expected.length);
  });
});
