import { describe, expect, it } from 'vitest';
import { checkMetadataFields, eventTime } from './event-input.js';
import type { EventDefinition } from './events.schemas.js';

const NOW = Date.UTC(2026, 0, 15, 12);

describe('eventTime', () => {
  it('is now without a timestamp, else the timestamp within [now − 30 d, now + 5 min]', () => {
    expect(eventTime(undefined, NOW)).toBe(NOW);
    expect(eventTime('2026-01-14T08:30:00Z', NOW)).toBe(Date.UTC(2026, 0, 14, 8, 30));
    expect(eventTime('2026-01-14T09:30:00+01:00', NOW)).toBe(Date.UTC(2026, 0, 14, 8, 30));
    expect(eventTime(NOW - 1000, NOW)).toBe(NOW - 1000);
    expect(eventTime(NOW + 5 * 60_000, NOW)).toBe(NOW + 5 * 60_000);
    expect(() => eventTime(NOW + 5 * 60_000 + 1, NOW)).toThrow(/future/);
    expect(eventTime(NOW - 30 * 86_400_000, NOW)).toBe(NOW - 30 * 86_400_000);
    expect(() => eventTime(NOW - 30 * 86_400_000 - 1, NOW)).toThrow(/30 days/);
    expect(() => eventTime('15.01.2026', NOW)).toThrow(/ISO 8601/);
    expect(() => eventTime('2026-13-45T00:00:00Z', NOW)).toThrow(/ISO 8601/);
  });
});

describe('checkMetadataFields', () => {
  const def = {
    metadataFields: [
      { key: 'id', type: 'string', required: true },
      { key: 'n', type: 'number', required: false },
      { key: 'tags', type: 'array', required: false },
    ],
  } as EventDefinition;
  it('needs required keys and the declared types', () => {
    expect(() => checkMetadataFields(def, { id: 'a' })).not.toThrow();
    expect(() => checkMetadataFields(def, { id: 'a', n: 1, tags: ['x'] })).not.toThrow();
    expect(() => checkMetadataFields(def, {})).toThrow(/metadata.id is required/);
    expect(() => checkMetadataFields(def, { id: 1 })).toThrow(/type string/);
    expect(() => checkMetadataFields(def, { id: 'a', n: '1' })).toThrow(/type number/);
    expect(() => checkMetadataFields(def, { id: 'a', tags: 'x' })).toThrow(/type array/);
  });
});
