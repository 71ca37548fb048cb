import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The rules inside each @media block of the stylesheet, as [selector, body] pairs. */
function mediaRules(css: string): Array<[string, string]> {
  const rules: Array<[string, string]> = [];
  for (const block of css.split('@media').slice(1)) {
    const inner = block.slice(block.indexOf('{') + 1);
    for (const m of inner.matchAll(/([^{}]+)\{([^{}]*)\}/g)) rules.push([m[1]!.trim(), m[2]!]);
  }
  return rules;
}

describe('the stylesheet at phone width', () => {
  it('keeps Sign out visible (no media rule hides it)', () => {
    const css = readFileSync(join(import.meta.dirname, 'styles.css'), 'utf8');
    const hiding = mediaRules(css).filter(([selector, body]) => /\.signout\b/.test(selector) && /display:\s*none/.test(body));
    expect(hiding).toEqual([]);
  });
});
