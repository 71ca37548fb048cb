import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { factMessageId, firstMessageIdAt } from './message-id.js';

describe('webhook message ids', () => {
  it("names a fact by its key's SHA-256, the same id as every earlier release gave it", () => {
    const key = 'points.changed:proj:ann:42';
    const digest = createHash('sha256').update(key).digest();
    let tail = '';
    for (let i = 0; i < 11; i++) tail += (digest[i]! % 36).toString(36);
    const at = Date.UTC(2026, 10, 29);
    expect(factMessageId(at, key)).toBe(`${firstMessageIdAt(at)}${tail}`);
    expect(factMessageId(at, key)).toBe(factMessageId(at, key));
    expect(factMessageId(at, `${key}:2`)).not.toBe(factMessageId(at, key));
  });
});
