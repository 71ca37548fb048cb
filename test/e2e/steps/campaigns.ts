/**
 * The e2e step of issue 28's dashboard (imported by test/e2e/dashboard.e2e.ts): a campaign made in
 * the UI, previewed, saved and seen paying (its budget gauge and a user's campaign effects), and the
 * Segments screen. The preview (POST /admin/campaign/simulate) and segments (/admin/segment) may be
 * absent from the build under test: only their 404 "Route … not found" is tolerated, and then the
 * screen must say "Not available on this server" instead of breaking.
 */
import type { Page } from 'playwright-core';

/** What the step needs of the main test: its API client, checks, token maker and the covered lists. */
export interface StepContext {
  call(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: unknown }>;
  has(method: string, path: string): Promise<boolean>;
  userToken(sub: string): Promise<string>;
  check(condition: unknown, message: string): asserts condition;
  covered: string[];
  notCovered: string[];
  /** The test clock's now (ms). */
  now: number;
  /** axe-core on the page as it is now; fails on a critical or serious violation. */
  accessible(page: Page, screen: string): Promise<void>;
  /** Saves a screenshot as docs/screenshots/<name>.png. */
  shot(page: Page, name: string): Promise<void>;
}

const HOUR = 3_600_000;
const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);

export async function campaignsStep(page: Page, t: StepContext): Promise<void> {
  if (!(await t.has('GET', '/admin/campaign'))) {
    t.notCovered.push('campaigns (no /admin/campaign in this build)');
    return;
  }
  const check: StepContext['check'] = t.check;
  const simulates = await t.has('POST', '/admin/campaign/simulate');
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Campaigns' }).click();
  await page.getByRole('button', { name: 'New campaign' }).click();
  const form = page.getByRole('form', { name: 'New campaign' });
  await form.getByLabel('Campaign id').fill('bonus-week');
  await form.getByLabel('Title', { exact: true }).fill('Bonus week');
  await form.getByLabel('Starts (UTC)').fill(local(t.now - 24 * HOUR));
  await form.getByLabel('Ends (UTC)').fill(local(t.now + 48 * HOUR));
  await form.getByLabel('Events', { exact: true }).selectOption('purchase');
  await form.getByLabel('Multiplier').fill('');
  await form.getByLabel('Bonus').fill('5');
  await form.getByLabel('Budget in all').fill('1000');
  await form.getByRole('button', { name: 'Preview' }).click();
  if (simulates) {
    await form.getByTestId('preview-total').waitFor();
    t.covered.push('campaign preview: the form previewed on the last 30 days before saving (figures, chart, top users)');
  } else {
    // Until the preview route is merged: its 404 is said in words, the form stays usable.
    await form.getByText(/Not available on this server/).waitFor();
    t.notCovered.push('campaign preview (no POST /admin/campaign/simulate in this build: its 404 shown in words)');
  }
  await t.accessible(page, 'campaign form with its preview');
  await form.getByRole('button', { name: 'Create campaign' }).click();
  await page.getByText('Campaign bonus-week saved.').waitFor();
  await page.getByTestId('budget-bonus-week').getByText('0 of 1,000 spent (0 %)').waitFor();

  // It pays: a purchase now gets +5, the gauge and the user's Activity tab show it.
  const token = await t.userToken('cami');
  check((await t.call('POST', '/user', { userId: 'cami' }, token)).status === 201, 'POST /user cami');
  const sent = await t.call('POST', '/event', { eventId: 'purchase', userId: 'cami', metadata: { amount: 10, store: 'berlin' } }, token);
  const paid = (sent.body as { data?: { campaigns?: Array<{ campaignId: string; points: number }> } }).data?.campaigns;
  check(
    sent.status === 200 && paid?.[0]?.campaignId === 'bonus-week' && paid[0].points === 5,
    `cami's purchase is paid +5 by bonus-week: ${JSON.stringify(sent.body)}`,
  );
  await page.reload();
  await page.getByTestId('budget-bonus-week').getByText('5 of 1,000 spent (0 %)').waitFor();
  await screenshotAtServiceTime(page, t);
  await backfill(page, t);
  await page.goto(page.url().replace(/\/campaigns$/, '/users/cami'));
  await page.getByRole('link', { name: 'campaign bonus-week' }).first().waitFor();
  await page.getByRole('tab', { name: 'Activity' }).click();
  await page.getByTestId('campaign-effects').getByRole('link', { name: 'campaign bonus-week' }).waitFor();
  await t.accessible(page, 'user cami (activity, campaign effects)');
  t.covered.push('campaign made in the UI (window, events, bonus, budget), paying: its budget gauge and the user’s campaign effects');

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Segments' }).click();
  if (await t.has('GET', '/admin/segment')) {
    await page.getByRole('button', { name: 'New segment' }).click();
    await page.getByLabel('Segment id').fill('buyers');
    await page.getByLabel('Title', { exact: true }).fill('Buyers');
    await page.getByLabel('Field 1').fill('balance.points');
    await page.getByLabel('Operator').selectOption('greater_than');
    await page.getByLabel('Value', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Create segment' }).click();
    await page.getByText('Segment buyers saved.').waitFor();
    const count = page.getByTestId('segment-count-buyers');
    await count.getByRole('link', { name: 'members of buyers' }).waitFor();
    check(Number((await count.textContent())?.split(' ')[0]) > 0, `buyers has members: ${await count.textContent()}`);
    await count.getByRole('link', { name: 'members of buyers' }).click();
    await page.getByRole('link', { name: 'cami' }).waitFor();
    await t.accessible(page, 'members of a segment');
    t.covered.push('segment made in the UI: its live member count and its members list');
  } else {
    await page.getByText(/Not available on this server/).waitFor();
    t.notCovered.push('segments (no /admin/segment in this build: the screen says so)');
  }
}

/**
 * The campaigns list as of the service's test clock: the browser's own clock is today, so the list
 * would call the campaign "ended". A second context, signed in with the same session, runs the page
 * with its clock fixed at the service's now (the main page's clock is left alone).
 */
async function screenshotAtServiceTime(page: Page, t: StepContext): Promise<void> {
  const session = await page.evaluate(() => localStorage.getItem('laurel.session'));
  const context = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-GB', timezoneId: 'UTC' });
  try {
    await context.addInitScript((s) => localStorage.setItem('laurel.session', s ?? ''), session);
    await context.clock.setFixedTime(t.now);
    const shotPage = await context.newPage();
    await shotPage.goto(page.url());
    await shotPage.getByTestId('budget-bonus-week').getByText('5 of 1,000 spent').waitFor();
    await shotPage.getByText('running', { exact: true }).waitFor();
    await t.shot(shotPage, 'campaigns');
  } finally {
    await context.close();
  }
}

/** Backfill of the saved campaign over the service's last 3 days, followed until its job is done (when the build has the route). */
async function backfill(page: Page, t: StepContext): Promise<void> {
  if (!(await t.has('POST', '/admin/campaign/bonus-week/backfill'))) {
    t.notCovered.push('campaign backfill (no POST /admin/campaign/{id}/backfill in this build)');
    return;
  }
  await page.getByRole('button', { name: 'Edit bonus-week' }).click();
  const form = page.getByRole('form', { name: 'Edit campaign bonus-week' });
  await form.getByLabel('Backfill from (UTC)').fill(local(t.now - 72 * HOUR));
  await form.getByLabel('Backfill to (UTC)').fill(local(t.now));
  await form.getByRole('button', { name: 'Backfill', exact: true }).click();
  await form.getByText(/Backfill of bonus-week: done/).waitFor();
  await form.getByRole('button', { name: 'Cancel' }).click();
  t.covered.push('campaign backfill started from its edit form, its job followed until done');
}
