/**
 * axe-core in the e2e test's Chromium: WCAG 2.0/2.1 A and AA rules and axe's best practices, plus
 * the experimental label-content-name-mismatch (WCAG 2.5.3: a control's accessible name starts with
 * its visible text). The script is evaluated through the DevTools protocol, so the dashboard's
 * Content-Security-Policy does not stand in its way. A critical or serious violation fails the run.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** Every violation found so far, by screen: the e2e prints them at the end. */
export const axeFindings: Array<{ screen: string; violations: Violation[] }> = [];

/** Runs axe on what the page shows now; returns the critical and serious violations (also kept in axeFindings). */
export async function axeCheck(page: Page, screen: string): Promise<Violation[]> {
  const injected = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!injected) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  axeFindings.push({ screen, violations });
  return violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
}

/** One line per violation: screen, impact, rule, where. */
export function describeFindings(onlyBlocking: boolean): string[] {
  return axeFindings.flatMap(({ screen, violations }) =>
    violations
      .filter((v) => !onlyBlocking || v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${screen}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`),
  );
}
