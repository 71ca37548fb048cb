/**
 * End-to-end test of the dashboard in a real browser (Debian's chromium driven by playwright-core;
 * no browser is downloaded). Starts Laurel on 127.0.0.1 with a random port, a temporary data folder
 * and the test clock; signs in; configures a programme through the UI; sends events through the
 * public API with HS256 user tokens; checks that they show in the analytics chart and on the
 * leaderboard; saves screenshots of the main screens to docs/screenshots/.
 *
 * Run: npm run test:e2e   (CHROMIUM_PATH overrides /usr/bin/chromium; E2E_HEADED=1 shows the window;
 *      E2E_SCREENSHOTS=<dir> saves the screenshots elsewhere)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SignJWT } from 'jose';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildServerIfStale, serverEntry } from '../helpers/built-server.js';
import { axeCheck, axeFindings, describeFindings } from './axe.js';
import { campaignsStep } from './steps/campaigns.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SHOTS = process.env.E2E_SCREENSHOTS ?? join(ROOT, 'docs/screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef';
const JWT_SECRET = 'e2e-jwt-secret-0123456789abcdefghijklmnopqrstuvwxyz';
/** The service's "now" during the test: screenshots show the same dates on every run. */
const NOW = Date.UTC(2026, 2, 12, 15, 30);
const DAY = 86_400_000;

const covered: string[] = [];
const notCovered: string[] = [];

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Check failed: ${message}`);
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

/** Laurel as production runs it: `node dist/main.js` (compiled first when stale). */
async function startLaurel(dataDir: string, port: number): Promise<ChildProcess> {
  buildServerIfStale();
  const child = spawn(process.execPath, [serverEntry()], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dataDir, 'laurel.db')}`,
      LAUREL_DATA_DIR: dataDir,
      ADMIN_TOKEN,
      JWT_SECRET,
      LAUREL_TEST_CLOCK: '1',
      // The webhook receiver of this test listens on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Laurel exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('Laurel did not answer /health within 60 s');
}

class Api {
  constructor(readonly base: string) {}
  async call(method: string, path: string, body?: unknown, token = ADMIN_TOKEN): Promise<{ status: number; body: unknown }> {
    const res = await fetch(this.base + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
  /** true when the route exists (anything but a 404 naming the route). */
  async has(method: string, path: string): Promise<boolean> {
    const r = await this.call(method, path);
    return !(r.status === 404 && String((r.body as { message?: string })?.message).startsWith('Route '));
  }
}

async function userToken(sub: string, claims: Record<string, string> = {}): Promise<string> {
  return new SignJWT({ sub, ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(JWT_SECRET));
}

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(150); // let the last render settle (charts are not animated)
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  console.log(`  screenshot docs/screenshots/${name}.png`);
}

/** axe-core on the page as it is now: a critical or serious violation fails the run (test/e2e/axe.ts). */
async function accessible(page: Page, screen: string): Promise<void> {
  const blocking = await axeCheck(page, screen);
  check(
    blocking.length === 0,
    `axe: ${screen}: ${blocking.map((v) => `${v.impact} ${v.id}`).join(', ')}\n${describeFindings(true).join('\n')}`,
  );
}

/** Every screen of the menu, a user's page (both tabs) and a webhook's deliveries, each checked by axe. */
async function everyScreenAccessible(page: Page, base: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Screens' });
  const links = await nav.getByRole('link').evaluateAll((as) => as.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? '']));
  for (const [label, path] of links) {
    await page.goto(`${base}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await accessible(page, label!.trim());
  }
  await page.goto(`${base}/dashboard/users/alice`);
  await page.getByTestId('balance').waitFor();
  await accessible(page, 'user alice (profile)');
  await page.getByRole('tab', { name: 'Activity' }).click();
  await page.getByRole('table', { name: 'Activity' }).waitFor();
  await accessible(page, 'user alice (activity)');
  covered.push(`axe-core on ${axeFindings.length} screens and states: no critical or serious violation`);
}

async function run(page: Page, api: Api, base: string): Promise<void> {
  // Sign in.
  await page.goto(`${base}/dashboard/`);
  await page.getByRole('heading', { name: 'Laurel dashboard' }).waitFor();
  await shot(page, 'sign-in');
  await accessible(page, 'sign-in');
  await page.getByLabel('Admin token').fill('not-the-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('This admin token is not accepted').waitFor();
  await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
  await page.getByLabel('Admin token').press('Enter'); // keyboard only
  await page.getByRole('heading', { name: 'Set up project default' }).waitFor();
  covered.push('sign-in (refused and accepted token)');
  // An empty project: the first step is "send your first event", with the three commands.
  await page.getByRole('heading', { name: 'Step 1: send your first event' }).waitFor();
  check((await page.locator('ol.commands code').count()) === 3, 'the first step shows three commands');
  await shot(page, 'overview-first-event');
  await accessible(page, 'overview (empty project)');
  covered.push('empty project: the Overview starts with "send your first event" and its three commands');
  // Skip to content moves the focus to the main region (it did nothing while the app took #main for a screen).
  // The skip link is the first thing on the page (shown when it has the focus).
  await page.getByRole('link', { name: 'Skip to content' }).focus();
  await page.keyboard.press('Enter');
  check(await page.evaluate(() => document.activeElement?.id === 'main'), 'Skip to content moves the focus to main');
  covered.push('Skip to content moves the focus to the main region');

  // A user group, through the UI.
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'User groups' }).click();
  await page.getByRole('button', { name: 'New user group' }).click();
  await page.getByLabel('User group id').fill('gold');
  await page.getByLabel('Title (default) *').fill('Gold members');
  await page.getByLabel('Title (de) *').fill('Gold-Mitglieder');
  await page.getByRole('button', { name: 'Create user group' }).click();
  await page.getByText('User group gold saved.').waitFor();
  covered.push('user group created in the UI');

  // An event definition, through the UI.
  if (!(await api.has('GET', '/admin/event'))) {
    notCovered.push('event definitions, events, analytics, leaderboards (no /admin/event in this build)');
    return;
  }
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Events' }).click();
  await page.getByText('No event definitions yet.').waitFor();
  await page.getByRole('button', { name: 'New event' }).click();
  await page.getByLabel('Event id').fill('purchase');
  await page.getByLabel('Title', { exact: true }).fill('Purchase in the shop');
  await page.getByLabel('Description').fill('One point per euro, more for gold members');
  await page.getByLabel('Kind').selectOption('TRANSACTION');
  await page.getByLabel('Points per unit').fill('1');
  await page.getByLabel('Value field (metadata)').fill('amount');
  await page.getByLabel('Maximum points per event').fill('500');
  await page.getByLabel('Limit (times per period)').fill('5');
  await page.getByRole('button', { name: '+ Add metadata field' }).click();
  await page.getByLabel('Key 1').fill('amount');
  await page.getByLabel('Required').check();
  await page.getByRole('button', { name: '+ Add metadata field' }).click();
  await page.getByLabel('Key 2').fill('store');
  await page.getByLabel('Type').nth(1).selectOption('string');
  await page.getByRole('button', { name: '+ Add group reward' }).click();
  await page.getByLabel('User group 1').selectOption('gold'); // a picker of the project's groups
  await page.getByLabel('Points', { exact: true }).last().fill('2');
  await page.getByRole('button', { name: '+ Add condition' }).click();
  await page.getByLabel('Metadata field 1').fill('amount');
  await page.getByLabel('Value', { exact: true }).fill('0');
  await shot(page, 'event-form');
  await page.getByRole('button', { name: 'Create event' }).click();
  await page.getByText('Event purchase saved.').waitFor();

  // A second one with an API error shown beside its field, then fixed.
  await page.getByRole('button', { name: 'New event' }).click();
  await page.getByLabel('Event id').fill('check-in');
  await page.getByRole('button', { name: 'Create event' }).click();
  const titleError = page.locator('.field-invalid .field-error');
  await titleError.first().waitFor();
  check(
    (await titleError.first().textContent()) === 'Title cannot be empty',
    `the missing title is reported beside the Title field in plain words: ${await titleError.first().textContent()}`,
  );
  check(
    (await page.locator('.form-summary').textContent()) === 'Not saved: Title cannot be empty',
    'the error is summarised beside Submit',
  );
  check(
    await page.getByLabel('Title', { exact: true }).evaluate((el) => el === document.activeElement),
    'focus is on the first invalid field',
  );
  await shot(page, 'event-form-error');
  await page.getByLabel('Title', { exact: true }).fill('Daily check-in');
  check((await page.locator('.form-summary').count()) === 0, 'the summary is cleared on edit');
  await page.getByLabel('Points', { exact: true }).first().fill('5');
  await page.getByLabel('Limit (times per period)').fill('1');
  await page.getByRole('button', { name: 'Create event' }).click();
  await page.getByText('Event check-in saved.').waitFor();
  await shot(page, 'events');
  covered.push(
    'event definitions created in the UI (TRANSACTION with group reward, condition, limit, metadata fields; FIXED with a limit); API ' +
      'error shown beside its field',
  );

  const defs = (await api.call('GET', '/admin/event')).body as Array<{
    eventId: string;
    reward: Record<string, number>;
    conditions: unknown;
    metadataFields: unknown;
  }>;
  const purchase = defs.find((d) => d.eventId === 'purchase');
  check(purchase, 'purchase is stored');
  check(
    JSON.stringify(purchase.reward) === JSON.stringify({ default: 1, gold: 2 }),
    `reward stored as built in the form: ${JSON.stringify(purchase.reward)}`,
  );

  // Challenges and streaks, when their backend is in this build.
  if (await api.has('GET', '/admin/challenge')) {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Challenges' }).click();
    await page.getByRole('button', { name: 'New challenge' }).click();
    await page.getByLabel('Challenge id').fill('five-purchases');
    await page.getByLabel('Title (de)').fill('Fünf Einkäufe');
    await page.getByLabel('Title (en)').fill('Five purchases');
    await page.getByLabel('Event id').selectOption('purchase'); // a picker of existing events
    await page.getByLabel('Goal').fill('5');
    await page.getByLabel('Points on completion').fill('50');
    await page.getByRole('button', { name: 'Create challenge' }).click();
    await page.getByText('Challenge five-purchases saved.').waitFor();
    await shot(page, 'challenges');
    covered.push('challenge created in the UI (progress shown on the user screen)');
  } else notCovered.push('challenges (no /admin/challenge in this build)');
  if (await api.has('GET', '/admin/streak')) {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Streaks' }).click();
    await page.getByRole('button', { name: 'New streak' }).click();
    await page.getByLabel('Streak id').fill('daily-check-in');
    await page.getByLabel('Title (de)').fill('Täglich dabei');
    await page.getByLabel('Title (en)').fill('Every day');
    await page.getByLabel('check-in').check();
    await page.getByLabel('Reached after (periods) 1').fill('3');
    await page.getByRole('button', { name: 'Create streak' }).click();
    await page.getByText('Streak daily-check-in saved.').waitFor();
    await shot(page, 'streaks');
    covered.push('streak with milestone created in the UI');
  } else notCovered.push('streaks (no /admin/streak in this build)');

  // Users and events through the public API, with their own tokens, over the last days: events
  // dated more than 72 hours back come from the shop's backend (a service token), as end users'
  // own tokens may not date events that far back.
  await api.call('PUT', '/admin/clock', { now: NOW });
  const users = ['alice', 'bob', 'carol', 'dave'];
  for (const u of users) {
    const r = await api.call('POST', '/user', { userId: u }, await userToken(u));
    check(r.status === 201, `POST /user ${u}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  const plan: Array<[string, number, number, string]> = [
    // user, days ago, amount, store
    ['alice', 0, 120, 'berlin'],
    ['alice', 1, 80, 'berlin'],
    ['alice', 3, 40, 'hamburg'],
    ['bob', 0, 60, 'hamburg'],
    ['bob', 2, 30, 'berlin'],
    ['carol', 0, 25, 'munich'],
    ['carol', 4, 15, 'berlin'],
    ['dave', 5, 10, 'munich'],
  ];
  let sent = 0;
  for (const [u, daysAgo, amount, store] of plan) {
    const timestamp = new Date(NOW - daysAgo * DAY - (daysAgo % 3) * 3_600_000 - 1_800_000).toISOString();
    const metadata = u === 'alice' ? { amount, store, usergroup: ['gold'] } : { amount, store };
    const r = await api.call(
      'POST',
      '/event',
      { eventId: 'purchase', userId: u, metadata, ...(daysAgo ? { timestamp } : {}) },
      daysAgo >= 3 ? await userToken('shop-backend', { role: 'service' }) : await userToken(u),
    );
    check(r.status === 200, `POST /event: ${r.status} ${JSON.stringify(r.body)}`);
    sent++;
  }
  for (const u of users) {
    const r = await api.call('POST', '/event', { eventId: 'check-in', userId: u }, await userToken(u));
    check(r.status === 200, `POST /event check-in: ${r.status} ${JSON.stringify(r.body)}`);
    sent++;
  }
  covered.push(`${sent} events sent through POST /event with HS256 user and service tokens`);

  // Analytics: the events show in the totals and the chart.
  if (await api.has('GET', '/stats/event')) {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Analytics' }).click();
    await page.getByTestId('total-events').waitFor();
    const total = Number(await page.getByTestId('total-events').textContent());
    check(total === sent, `analytics shows ${sent} events, got ${total}`);
    const bars = page.getByTestId('chart-events-per-day').locator('.recharts-bar-rectangle');
    await bars.first().waitFor();
    check((await bars.count()) >= 6, `the events-per-day chart draws bars for the days with events, got ${await bars.count()}`);
    await page.getByTestId('chart-events-per-day').getByText('Show the numbers').click();
    const today = new Date(NOW).toISOString().slice(5, 10);
    await page
      .getByTestId('chart-events-per-day')
      .getByRole('row', { name: new RegExp(`^${today} 7 4$`) })
      .waitFor();
    await page.getByTestId('chart-events-per-day').getByText('Show the numbers').click();
    await shot(page, 'analytics');
    await page.getByLabel('Events', { exact: true }).selectOption('purchase');
    await page.getByText('condition failed').waitFor();
    await page.getByText('metadata.store').waitFor();
    await shot(page, 'analytics-event');
    covered.push('analytics: totals, events-per-day bars and per-day numbers match the events sent; event view with metadata distribution');
  } else notCovered.push('analytics (no GET /stats/event in this build)');

  // Leaderboard: ranking of the points.
  if (await api.has('GET', '/project/default/leaderboard?groupId=default&timeframe=7d')) {
    // A second currency (issue 27; `stars`: the Currencies step below creates `xp` in the UI): the screen offers a
    // choice of currency once the project has one.
    const xp = (await api.has('GET', '/admin/currency'))
      ? await api.call('POST', '/admin/currency', { currencyId: 'stars', title: { en: 'Stars' }, spendable: false })
      : null;
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Leaderboards' }).click();
    await page.getByLabel('Window').selectOption('7d');
    const table = page.getByRole('table', { name: 'Ranking' });
    await table.waitFor();
    const rows = await table.locator('tbody tr').allTextContents();
    check(rows.length === 4, `4 users on the 7-day board, got ${rows.length}`);
    // alice: (120+80+40)×2 (gold) + 5 = 485; bob 90+5; carol 40+5; dave 10+5
    check(/^1alicealice485$/.test(rows[0]!.replace(/\s/g, '')), `alice first with 485: ${rows[0]}`);
    check(/^2bobbob95$/.test(rows[1]!.replace(/\s/g, '')), `bob second with 95: ${rows[1]}`);
    await page.getByText('1–4 of 4').waitFor();
    await shot(page, 'leaderboard');
    await page.getByLabel('User group').selectOption('gold');
    await page.getByText('1–1 of 1').waitFor();
    covered.push('leaderboard: 7-day window in rank order with the points of the events; the gold group board');
    if (xp?.status === 201) {
      await page.getByLabel('User group').selectOption('default');
      await page.getByLabel('Currency').selectOption('stars');
      // The stars board: its own ranking (headed stars), or empty while no event rewards xp; never the points above.
      const xpBoard = page.getByRole('columnheader', { name: 'stars' }).or(page.getByText('Nobody has points on this board yet.'));
      await xpBoard.first().waitFor();
      // The points board's rows may still be on screen for a moment after the choice: wait for them to go.
      const gone = await page
        .getByText('1–4 of 4')
        .waitFor({ state: 'hidden', timeout: 5000 })
        .then(() => true)
        .catch(() => false);
      check(gone, 'the stars board is not the points board');
      await page.getByLabel('Currency').selectOption('points');
      await page.getByText('1–4 of 4').waitFor();
      covered.push('leaderboard: the currency choice reads the stars board apart from the points board');
    } else notCovered.push('leaderboard per currency (no POST /admin/currency in this build)');
  } else notCovered.push('leaderboards (no GET /project/{projectId}/leaderboard in this build)');

  // The event log: why each event gave what it gave; refused calls too.
  const rejected = await api.call(
    'POST',
    '/event',
    { eventId: 'purchase', userId: 'bob', metadata: { store: 'berlin' } },
    await userToken('bob'),
  );
  check(rejected.status === 400, `an event without its required metadata is refused: ${rejected.status}`);
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Event log' }).click();
  const log = page.getByRole('table', { name: 'Event log' });
  await log.waitFor();
  check(
    (await log.locator('tbody tr').count()) === sent + 1,
    `the event log lists the ${sent + 1} calls, got ${await log.locator('tbody tr').count()}`,
  );
  await page.getByLabel('User id').fill('bob');
  await page.getByLabel('Outcome').selectOption('REJECTED');
  await log
    .getByRole('cell', { name: /amount.*\(400 VALIDATION_ERROR\)|\(400 [A-Z_]+\)/ })
    .first()
    .waitFor();
  await page.waitForFunction(() => document.querySelectorAll('table:has(caption) tbody tr').length === 1); // the one rejected call of bob
  await shot(page, 'event-log');
  await page.getByLabel('Outcome').selectOption('');
  await page.getByLabel('User id').fill('carol');
  await page.getByLabel('Live').check();
  const carolRows = await log.locator('tbody tr').count();
  const late = await api.call(
    'POST',
    '/event',
    { eventId: 'purchase', userId: 'carol', metadata: { amount: 7, store: 'munich' } },
    await userToken('carol'),
  );
  check(late.status === 200, `POST /event while Live: ${late.status}`);
  await page.waitForFunction((n) => document.querySelectorAll('table:has(caption) tbody tr').length > n, carolRows, { timeout: 15_000 });
  await page.getByLabel('Live').uncheck();
  // The whole project's log, Live: it follows the event log stream (GET /admin/event-log/stream), no polling.
  await page.getByLabel('User id').fill('');
  const streamOpened = page.waitForResponse((r) => r.url().endsWith('/admin/event-log/stream') && r.status() === 200);
  await page.getByLabel('Live').check();
  await page.getByText("follows the project's event log stream").waitFor();
  await streamOpened;
  await page.waitForTimeout(300); // its first message (the newest entry as loaded) has arrived
  const logSentAt = performance.now();
  // A refused call (no metadata): logged, and it changes no points, so the later screens stay as they were.
  const another = await api.call('POST', '/event', { eventId: 'purchase', userId: 'dave' }, await userToken('dave'));
  check(another.status === 400, `a refused POST /event while the project's log is Live: ${another.status}`);
  await page.waitForFunction(
    () => /dave.*REJECTED/s.test(document.querySelector('table:has(caption) tbody tr')?.textContent ?? ''),
    undefined,
    { timeout: 5_000 },
  );
  const logShownMs = Math.round(performance.now() - logSentAt);
  await page.getByLabel('Live').uncheck();
  covered.push(
    'event log: every call with its outcome and reason, a refused call with its code, filters, Live shows a new event without reload ' +
      `(one user: its stream; the whole project: the event log stream, dave's call shown after ${logShownMs} ms)`,
  );

  // The users list: search, sort, open a user; bulk adjustments by CSV; CSV export of all rows.
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Users' }).click();
  const usersTable = page.getByRole('table', { name: 'Users' });
  await usersTable.waitFor();
  check((await usersTable.locator('tbody tr').count()) === 4, 'the users list shows the 4 users');
  await page.getByLabel('Sort').selectOption('points');
  await usersTable.locator('tbody tr').first().getByRole('link', { name: 'alice' }).waitFor();
  await shot(page, 'users');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8')
    .trim()
    .split('\r\n');
  check(
    csv[0] === 'User,Points,Last active,Created' && csv.length === 5 && csv[1]!.startsWith('alice,485,'),
    `the CSV export has the header and every user: ${csv.join(' | ')}`,
  );
  await page.getByLabel('User id starts with').fill('ca');
  await usersTable.getByRole('link', { name: 'carol' }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('table:has(caption) tbody tr').length === 1);
  await page.getByLabel('User id starts with').fill('');

  await page.getByText('Bulk point adjustments (CSV upload)').click();
  await page.getByLabel('CSV file').setInputFiles({
    name: 'march.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('userId,points,reason\nbob,10,"March promo, week 1"\ncarol,-999999,fraud\nnobody,5,typo\n'),
  });
  await page.getByRole('button', { name: 'Preview 3 adjustments' }).click();
  await page.getByText('Preview: 2 would apply, 1 would fail. Nothing has changed yet.').waitFor();
  await page.getByRole('cell', { name: 'User nobody not found (USER_NOT_FOUND)' }).waitFor();
  await shot(page, 'bulk-adjustments');
  await page.getByRole('button', { name: 'Apply 3 adjustments' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Apply' }).click();
  await page.getByText('Done: 2 applied, 1 failed.').waitFor();
  const bobAfter = (await api.call('GET', '/user/bob/points', undefined, await userToken('bob'))).body as { points: number };
  const carolAfter = (await api.call('GET', '/user/carol/points', undefined, await userToken('carol'))).body as { points: number };
  check(bobAfter.points === 105 && carolAfter.points === 0, `bulk adjustments applied: bob ${bobAfter.points}, carol ${carolAfter.points}`);
  covered.push(
    'users list: sorted by points, searched by prefix, CSV export of all rows; bulk adjustments from a CSV with a dry-run preview and ' +
      'a result per row',
  );

  // The user screen: balance, history, a confirmed adjustment with its reason, the Activity tab.
  await usersTable.getByRole('link', { name: 'alice' }).click();
  await page.getByTestId('balance').waitFor();
  const before = Number(await page.getByTestId('balance').textContent());
  check(before === 485, `alice's balance is 485, got ${before}`);
  await page.getByLabel('Points (+/−)').fill('15');
  await page.getByLabel('Reason').fill('Goodwill after a late delivery');
  await page.getByRole('button', { name: 'Apply adjustment' }).click();
  await page.getByRole('alertdialog').getByText('+15 points, reason “Goodwill after a late delivery”: balance 485 → 500.').waitFor();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Apply adjustment' }).click();
  await page.getByText('Applied +15; balance 500.').waitFor();
  await page.getByTestId('balance').filter({ hasText: '500' }).waitFor();
  await page.getByRole('cell', { name: 'ADJUSTMENT' }).first().waitFor();
  await page.getByRole('cell', { name: 'Goodwill after a late delivery' }).waitFor();
  await shot(page, 'user');
  await page.getByRole('tab', { name: 'Activity' }).click();
  await page.getByRole('table', { name: 'Activity' }).getByRole('cell', { name: 'AWARDED' }).first().waitFor();
  await shot(page, 'user-activity');
  await page.getByRole('tab', { name: 'Profile' }).click();
  covered.push(
    'user screen: balance, history with the reason of an adjustment confirmed as "balance 485 → 500", Activity tab with the user\'s ' +
      'event log',
  );

  // Live: points given to alice through the API (another client, not this screen) show on her open
  // screen without a reload: the screen follows her live stream (docs/live.md).
  const sentAt = performance.now();
  const given = await api.call('POST', '/admin/user/alice/points', { points: 7, reason: 'Live check' });
  check(given.status === 201, `POST /admin/user/alice/points for the live check: ${given.status} ${JSON.stringify(given.body)}`);
  await page.getByTestId('balance').filter({ hasText: '507' }).waitFor({ timeout: 3_000 });
  covered.push(`live: alice's open screen shows her balance 507 ${Math.round(performance.now() - sentAt)} ms after points given elsewhere`);

  // API key shown once.
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'API keys' }).click();
  await page.getByLabel('Name of the new key').fill('checkout-server');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('new-api-key').textContent()) ?? '';
  check(key.length > 16, 'the new key is shown');
  const viaKey = await fetch(`${api.base}/usergroup`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ userGroupId: 'via-key', title: { default: 'Via key', de: 'Per Schlüssel' } }),
  });
  check(viaKey.status === 201, `the shown key works as x-api-key: ${viaKey.status}`);
  await shot(page, 'api-keys');
  covered.push('API key created, shown once, accepted as x-api-key');

  // Shops, offers and surveys, when their backend is in this build.
  if (await api.has('GET', '/admin/shop')) {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Shops' }).click();
    await page.getByRole('button', { name: 'New shop' }).click();
    await page.getByLabel('Shop id').fill('bakery');
    await page.getByLabel('Name').fill('Corner Bakery');
    await page.getByLabel('Description (en)').fill('Fresh bread every morning');
    await page.getByRole('button', { name: 'Create shop' }).click();
    await page.getByText('Shop bakery saved.').waitFor();
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Offers' }).click();
    await page.getByRole('button', { name: 'New offer' }).click();
    await page.getByLabel('Offer id').fill('free-coffee');
    await page.getByLabel('Title (de)').fill('Gratis Kaffee');
    await page.getByLabel('Title (en)').fill('Free coffee');
    await page.getByLabel('Cost (points)').fill('100');
    await page.getByLabel('Shop id').selectOption('bakery'); // a picker of existing shops
    await page.getByLabel('Redemptions per month (all users)').fill('50');
    await page.getByRole('button', { name: 'Create offer' }).click();
    await page.getByText('Offer free-coffee saved.').waitFor();
    const redeemed = await api.call('POST', '/user/alice/offer/free-coffee/redeem', {}, await userToken('alice'));
    check(
      redeemed.status === 200 || redeemed.status === 201,
      `alice redeems free-coffee: ${redeemed.status} ${JSON.stringify(redeemed.body)}`,
    );
    await page.reload();
    await page.getByText('1 this month · 1 in total').waitFor();
    await page.getByTestId('offer-redemptions').locator('.recharts-bar-rectangle').first().waitFor();
    await shot(page, 'offers');
    covered.push('shop and offer created in the UI');
  } else notCovered.push('shops and offers (no /admin/shop in this build)');
  if (await api.has('GET', '/admin/survey')) {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Surveys' }).click();
    await page.getByRole('button', { name: 'New survey' }).click();
    await page.getByLabel('Survey id').fill('recommend');
    await page.getByLabel('Question (title)').fill('Would you recommend us to a friend?');
    await page.getByRole('button', { name: 'Create survey' }).click();
    await page.getByText('Survey recommend saved.').waitFor();
    await shot(page, 'surveys');
    covered.push('survey created in the UI');
  } else notCovered.push('surveys (no /admin/survey in this build)');
  if (await api.has('GET', '/user/alice/coupon')) {
    await page.goto(`${base}/dashboard/users/alice`);
    await page.getByLabel('Coupon title').fill('Welcome gift');
    await page.getByLabel('Description', { exact: true }).fill('A cake of your choice');
    await page.getByRole('button', { name: 'Issue coupon' }).click();
    await page.getByRole('cell', { name: /Welcome gift/ }).waitFor();
    if (await api.has('GET', '/admin/challenge')) await page.getByText('3 / 5 · 50 points').waitFor();
    await shot(page, 'user');
    covered.push('coupon issued to a user from the user screen');
  } else notCovered.push('coupons (no GET /user/{userId}/coupon in this build)');

  // Deactivate and re-activate an event definition from its list.
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Events' }).click();
  await page.getByRole('button', { name: 'Deactivate check-in' }).click();
  const confirmDeactivate = page.getByRole('alertdialog', { name: 'Deactivate event check-in?' });
  await confirmDeactivate.getByText(/refused with 400 EVENT_INACTIVE/).waitFor();
  await shot(page, 'confirm-deactivate');
  await accessible(page, 'confirmation dialog');
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    check(await confirmDeactivate.evaluate((el) => el.contains(document.activeElement)), 'Tab stays inside the confirmation dialog');
  }
  await confirmDeactivate.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByText('Event check-in is now INACTIVE.').waitFor();
  const inactive = await api.call('GET', '/admin/event/check-in');
  check((inactive.body as { status?: string }).status === 'INACTIVE', `check-in is INACTIVE: ${JSON.stringify(inactive.body)}`);
  const refused = await api.call('POST', '/event', { eventId: 'check-in', userId: 'bob' }, await userToken('bob'));
  check(refused.status === 400 || refused.status === 404, `an inactive event is refused: ${refused.status}`);
  await page.getByRole('button', { name: 'Activate check-in' }).click();
  await page.getByText('Event check-in is now ACTIVE.').waitFor();
  covered.push('event definition deactivated after a confirmation stating the effect (events refused) and re-activated from the list');

  // Audit: every admin change with who and before → after; the History panel of an edit form.
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Resource', { exact: true }).selectOption('event');
  await page.getByLabel('Resource id').fill('check-in');
  const audit = page.getByRole('table', { name: 'Audit log' });
  await audit
    .getByText(/^changed: .*status/)
    .first()
    .waitFor();
  // check-in: created, deactivated, activated (the filtered page replaces the unfiltered one).
  await page.waitForFunction(
    () => document.querySelectorAll('table:has(caption) tbody tr').length === 3 && document.body.textContent!.includes('3 rows'),
  );
  await audit.getByText('changed: status, updatedAt').first().click();
  await audit
    .getByText(/^created with: eventId, title/)
    .first()
    .waitFor();
  await page.getByLabel('From (UTC)').fill(new Date(NOW - DAY).toISOString().slice(0, 16));
  await page.waitForFunction(() => document.body.textContent!.includes('3 rows'));
  const when = audit.locator('tbody tr time').first();
  check((await when.evaluate((el) => el.getClientRects().length)) === 1, 'the When of an audit entry is on one line');
  await shot(page, 'audit');
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Events' }).click();
  await page.getByRole('button', { name: 'Edit check-in' }).click();
  await page.getByText('History of check-in').click();
  await page.getByRole('table', { name: 'Changes of check-in' }).locator('tbody tr').nth(2).waitFor();
  await page.getByRole('button', { name: 'Cancel' }).click();
  covered.push('audit log filtered to one event (create, deactivate, activate with before → after); History panel on its edit form');

  // Webhooks: an endpoint on a receiver of this test, a test message, its log and a retry.
  if (await api.has('GET', '/admin/webhook')) {
    const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    const receiver = createHttpServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200).end('thanks');
      });
    });
    await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/laurel`;
    try {
      await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Webhooks' }).click();
      await page.getByText('No webhooks yet.').waitFor();
      await page.getByLabel('Endpoint URL').fill('ftp://example.com/x');
      await page.getByRole('button', { name: 'Create webhook' }).click();
      await page.getByText(/only http and https URLs/).waitFor();
      await page.getByLabel('Endpoint URL').fill(hookUrl);
      await page.getByLabel('Description').fill('CRM sync');
      await page.getByRole('button', { name: 'Create webhook' }).click();
      const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
      check(/^whsec_[A-Za-z0-9+/]{32}$/.test(secret), `the secret is shown once: ${secret}`);
      await page.getByRole('button', { name: 'Done' }).click();
      const [hook] = (await api.call('GET', '/admin/webhook')).body as Array<{ webhookId: string }>;
      await page.getByRole('button', { name: `Send test message to ${hook!.webhookId}` }).click();
      await page.getByText(`Test message delivered to ${hookUrl} (HTTP 200).`).waitFor();
      const test = received.find((r) => JSON.parse(r.body).type === 'webhook.test');
      check(test && String(test.headers['webhook-signature']).startsWith('v1,'), 'the receiver got a signed webhook.test');
      await page.getByRole('link', { name: hookUrl }).click();
      await page.getByRole('heading', { name: `Deliveries of ${hookUrl}` }).waitFor();
      const messageId = String(test!.headers['webhook-id']);
      await page.getByText(messageId).waitFor();
      await shot(page, 'webhooks');
      await accessible(page, 'webhook deliveries');
      await page.getByRole('button', { name: `Retry now: ${messageId}` }).click();
      await page.getByText(`${messageId}: delivered (HTTP 200).`).waitFor();
      check(received.filter((r) => r.headers['webhook-id'] === messageId).length === 2, 'the retry sent the same webhook-id again');
      covered.push('webhook created (secret once), test message delivered and retried from its log');
    } finally {
      await new Promise<void>((ok) => receiver.close(() => ok()));
    }
  } else notCovered.push('webhooks (no /admin/webhook in this build)');

  // Achievements: one made in the UI is backfilled to the users who already purchased; the list shows
  // the backfill's progress (asked again while it runs) until it is done, then the rarity.
  if (await api.has('GET', '/admin/achievement')) {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Achievements' }).click();
    await page.getByRole('button', { name: 'New achievement' }).click();
    await page.getByLabel('Achievement id').fill('first-purchase');
    await page.getByLabel('Title (en)').fill('First purchase');
    await page.getByLabel('Event id').fill('purchase');
    await page.getByLabel('Threshold (without levels)').fill('1');
    await page.getByRole('button', { name: 'Create achievement' }).click();
    await page.getByText('Achievement first-purchase saved.').waitFor();
    const progress = page.getByTestId('backfill-first-purchase');
    await progress.getByText(`done: ${users.length} users checked`).waitFor();
    const rarity = await api.call('GET', '/achievement/first-purchase', undefined, await userToken('alice'));
    check((rarity.body as { rarity: number }).rarity === 1, `every user purchased, so rarity 1: ${JSON.stringify(rarity.body)}`);
    await page.reload();
    await page.getByTestId('achievement-rarity').getByText('First purchase: users with each level (%)').waitFor();
    covered.push('achievement created in the UI: its backfill progress shown (asked again while under way) until done, then its rarity');
  } else notCovered.push('achievements (no /admin/achievement in this build)');

  if (await api.has('GET', '/admin/currency')) await currencies(page, api, base);
  else notCovered.push('currencies (no /admin/currency in this build)');

  // The Overview is the programme's home once set up; and a phone-sized look at two screens.
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Overview' }).click();
  await page.getByRole('heading', { name: 'Project default' }).waitFor();
  await page.getByTestId('active-7d').waitFor();
  check(
    (await page.getByTestId('active-7d').textContent()) === '4',
    `4 active users in 7 days: ${await page.getByTestId('active-7d').textContent()}`,
  );
  const outstanding = (await page.getByTestId('outstanding').textContent())?.replace(/,/g, '');
  const balances = await Promise.all(
    users.map(async (u) => ((await api.call('GET', `/user/${u}/points`, undefined, await userToken(u))).body as { points: number }).points),
  );
  check(
    Number(outstanding) === balances.reduce((a, b) => a + b, 0),
    `outstanding ${outstanding} is the sum of the balances ${balances.join('+')}`,
  );
  await shot(page, 'overview');
  covered.push('overview as home: active users, points issued and outstanding (= the sum of balances), redemptions');
  if (await api.has('GET', '/admin/referral')) await referrals(page, api, base);
  else notCovered.push('referrals (no /admin/referral in this build)');
  const step = { call: api.call.bind(api), has: api.has.bind(api), userToken, check, covered, notCovered, now: NOW, accessible, shot };
  await campaignsStep(page, step);
  await everyScreenAccessible(page, base);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Events' }).click();
  await page.locator('td code', { hasText: /^purchase$/ }).waitFor();
  await shot(page, 'phone-events');
  await page.getByRole('button', { name: 'Sign out' }).waitFor({ state: 'visible' });
  covered.push('phone layout: menu button, tables as cards, Sign out visible');

  // A new tab is signed in (decision 123); Sign out signs out the other tab too.
  await page.setViewportSize({ width: 1280, height: 860 });
  const tab = await page.context().newPage();
  await tab.goto(`${base}/dashboard/event-log`);
  await tab.getByRole('heading', { name: 'Event log' }).waitFor();
  await tab.getByRole('button', { name: 'Sign out' }).click();
  await tab.getByLabel('Admin token').waitFor();
  await page.getByLabel('Admin token').waitFor();
  await tab.close();
  covered.push('a new tab is signed in; Sign out in one tab signs out the other');
}

/** An xp currency with levels and an event paying it, built in the UI; alice's page shows her xp and level. */
async function currencies(page: Page, api: Api, base: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Currencies' }).click();
  await page.getByText('Set in Settings → Projects (points expiry)').waitFor(); // points: listed first, read-only
  await page.getByRole('button', { name: 'New currency' }).click();
  await page.getByLabel('Currency id').fill('xp');
  await page.getByLabel('Title (en)').fill('Experience');
  for (const [threshold, title] of [
    ['100', 'Bronze'],
    ['250', 'Silver'],
  ] as const) {
    await page.getByRole('button', { name: '+ Add level' }).click();
    await page.getByLabel('Threshold', { exact: true }).last().fill(threshold);
    await page.getByLabel('Level title').last().fill(title);
  }
  await page.getByRole('button', { name: 'Create currency' }).click();
  await page.getByText('Currency xp saved.').waitFor();
  await page.getByRole('cell', { name: '1: 100 Bronze · 2: 250 Silver' }).waitFor();
  await shot(page, 'currencies');

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Events' }).click();
  await page.getByRole('button', { name: 'New event' }).click();
  await page.getByLabel('Event id').fill('quiz');
  await page.getByLabel('Title', { exact: true }).fill('Quiz answered');
  await page.getByLabel('Points', { exact: true }).first().fill('5');
  await page.getByRole('button', { name: '+ Add currency reward' }).click();
  // The row starts at the first currency besides points (`stars`, made for the leaderboard step), so xp is chosen.
  await page.getByLabel('Currency 1').selectOption('xp');
  await page.getByLabel('Reward', { exact: true }).fill('120');
  await page.getByText('Awards 5 points and 120 xp').waitFor();
  await page.getByRole('button', { name: 'Create event' }).click();
  await page.getByText('Event quiz saved.').waitFor();

  const sent = await api.call('POST', '/event', { eventId: 'quiz', userId: 'alice' }, await userToken('alice'));
  type Paid = { currency: string; points?: number; level?: number };
  const data = (sent.body as { data?: { rewards?: Paid[]; levelUps?: Paid[] } }).data;
  check(
    sent.status === 200 && data?.rewards?.some((r) => r.currency === 'xp' && r.points === 120),
    `POST /event pays points and xp: ${sent.status} ${JSON.stringify(sent.body)}`,
  );
  check(
    data?.levelUps?.some((l) => l.currency === 'xp' && l.level === 1),
    `alice reached xp level 1: ${JSON.stringify(data?.levelUps)}`,
  );

  await page.goto(`${base}/dashboard/users/alice`);
  const xpRow = page.getByTestId('wallet-xp');
  await xpRow.getByText('Level 1 Bronze').waitFor();
  await xpRow.getByText('120 / 250 to level 2').waitFor();
  check((await xpRow.getByRole('cell').first().textContent()) === '120', `alice holds 120 xp: ${await xpRow.textContent()}`);
  covered.push('currencies: xp with levels created in the UI, an event paying xp, the xp and level on the user page');
}

/** The referral programme set in the UI; two referees of alice through the API, one qualified, one flagged and approved in the log. */
async function referrals(page: Page, api: Api, base: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Referrals' }).click();
  const form = page.getByRole('form', { name: 'Referral programme' });
  await form.getByLabel('Status').selectOption('ACTIVE');
  await form.getByLabel('Qualifying event').fill('check-in');
  await form.getByLabel('Referrer points').fill('50');
  await form.getByLabel('Referee points').fill('20');
  await form.getByRole('button', { name: 'Save programme' }).click();
  await page.getByText('Programme saved.').waitFor();

  const code = ((await api.call('GET', '/user/alice/referral', undefined, await userToken('alice'))).body as { code: string }).code;
  for (const u of ['rex', 'rue']) {
    const token = await userToken(u);
    check((await api.call('POST', '/user', { userId: u }, token)).status === 201, `POST /user ${u}`);
    const joined = await api.call('POST', `/user/${u}/referral`, { code, fingerprint: 'device-1' }, token);
    check(joined.status === 201, `${u} enters alice's code: ${joined.status} ${JSON.stringify(joined.body)}`);
    const sent = await api.call('POST', '/event', { eventId: 'check-in', userId: u }, token);
    check(sent.status === 200, `${u} checks in: ${sent.status} ${JSON.stringify(sent.body)}`);
  }
  await page.reload();
  await page.getByRole('search', { name: 'Filter the referral log' }).getByLabel('Status').selectOption('flagged');
  await page.getByRole('button', { name: /^Approve ref_/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
  await page.getByText(/approved: now qualified\./).waitFor();
  await page.getByRole('search', { name: 'Filter the referral log' }).getByLabel('Status').selectOption('');
  await page.getByText('alice: 2 referrals, 2 qualified, 100 earned').waitFor();
  await shot(page, 'referrals');

  await page.goto(`${base}/dashboard/users/alice`);
  await page.getByTestId('referral-code').getByText(code).waitFor();
  const card = page.locator('.card', { has: page.getByRole('heading', { name: 'Referrals' }) });
  check(/2invited2qualified100earned/.test((await card.textContent()) ?? ''), `alice's referral card: ${await card.textContent()}`);
  covered.push(
    'referrals: programme set in the UI, a flagged referral approved in the log, top referrers, the code and counts on the user page',
  );
}

/**
 * Swagger UI under the browser-page policy (decision 212): it renders the operations of the
 * OpenAPI document, and both pages answer with a CSP that forbids framing.
 */
async function checkDocs(page: Page, base: string): Promise<void> {
  for (const path of ['/dashboard/', '/docs']) {
    const res = await fetch(base + path);
    const csp = res.headers.get('content-security-policy') ?? '';
    check(csp.includes("frame-ancestors 'none'") && res.headers.get('x-frame-options') === 'DENY', `${path} forbids framing: ${csp}`);
  }
  await page.goto(`${base}/docs`);
  // Tags start collapsed (every tag listed); opening them shows their operations.
  await page.locator('.opblock-tag').first().waitFor();
  const names = await page.locator('.opblock-tag[data-tag]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tag')!));
  const tagCount = names.length;
  check(tagCount > 25, `Swagger UI lists the tags (${tagCount})`);
  // The first ten opened (Swagger UI 5.34 stops rendering past 29 open tags: a reader opens what they need).
  for (const name of names.slice(0, 10)) await page.locator(`.opblock-tag[data-tag="${name}"]`).click();
  await page.locator('.opblock-summary-description', { hasText: 'Log a user event' }).first().waitFor();
  const operations = await page.locator('.opblock').count();
  check(operations > 30, `Swagger UI shows the operations of the open tags (${operations})`);
  covered.push(`Swagger UI renders ${tagCount} tags and ${operations} operations under the page policy`);
}

/** CSP violations reported by the pages (each one is logged by the init script below as a console error). */
const cspViolations: string[] = [];

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'laurel-e2e-'));
  let laurel: ChildProcess | null = null;
  let browser: Browser | null = null;
  let page: Page | null = null;
  let failed = false;
  try {
    const port = await freePort();
    laurel = await startLaurel(dataDir, port);
    const base = `http://127.0.0.1:${port}`;
    const index = await fetch(`${base}/dashboard/`);
    check(index.status === 200, `GET /dashboard/ is ${index.status}: build the dashboard first (npm run build:dashboard)`);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: process.env.E2E_HEADED !== '1',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'].filter(
        (a) => a !== '--headless' || process.env.E2E_HEADED !== '1',
      ),
    });
    const context = await browser.newContext({
      viewport: { width: 1280, height: 860 },
      deviceScaleFactor: 1,
      locale: 'en-GB',
      timezoneId: 'UTC',
    });
    context.setDefaultTimeout(15_000);
    // Every page of the context reports its CSP violations, and the test fails on any.
    await context.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} in ${e.sourceFile}:${e.lineNumber}`),
      ),
    );
    context.on('console', (msg) => {
      if (msg.type() === 'error' && /CSP violation|Content Security Policy/.test(msg.text())) cspViolations.push(msg.text());
    });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('  browser error:', err.message));
    await run(page, new Api(base), base);
    await checkDocs(page, base);
    check(cspViolations.length === 0, `no CSP violations on the dashboard and the docs:\n${cspViolations.join('\n')}`);
    covered.push('no Content-Security-Policy violation on any page');
  } catch (err) {
    failed = true;
    console.error(err instanceof Error ? err.stack : err);
    if (page) await page.screenshot({ path: join(tmpdir(), 'laurel-e2e-failure.png'), fullPage: true }).catch(() => {});
    console.error(`  page at failure: ${join(tmpdir(), 'laurel-e2e-failure.png')}`);
  } finally {
    await browser?.close();
    laurel?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  const minor = describeFindings(false).filter((line) => !/: (critical|serious) /.test(line));
  if (minor.length) console.log(`axe, moderate and minor (not failing):\n${minor.map((l) => `  · ${l}`).join('\n')}`);
  console.log(`\nCovered:\n${covered.map((c) => `  ✓ ${c}`).join('\n')}`);
  if (notCovered.length) console.log(`Not covered by this build:\n${notCovered.map((c) => `  – ${c}`).join('\n')}`);
  console.log(failed ? '\ndashboard e2e FAILED' : '\ndashboard e2e passed');
  process.exit(failed ? 1 : 0);
}

void main();
