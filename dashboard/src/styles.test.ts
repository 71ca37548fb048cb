import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLORS } from './components/Chart';

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

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('colours (WCAG 2.1 AA)', () => {
  const css = readFileSync(join(import.meta.dirname, 'styles.css'), 'utf8');
  const background = /--bg:\s*(#[0-9a-f]{6})/i.exec(css)![1]!;

  it('draws the focus ring at 3:1 or more against the page and white', () => {
    const ring = /:focus-visible\s*\{\s*outline:\s*\d+px solid (#[0-9a-f]{6})/i.exec(css)![1]!;
    expect(contrast(ring, background)).toBeGreaterThanOrEqual(3);
    expect(contrast(ring, '#ffffff')).toBeGreaterThanOrEqual(3);
  });

  it('writes chart legends (text in the series colour) at 4.5:1 or more on white', () => {
    for (const colour of COLORS) expect(contrast(colour, '#ffffff'), colour).toBeGreaterThanOrEqual(4.5);
  });
});
