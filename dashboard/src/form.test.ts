import { describe, expect, it } from 'vitest';
import { plainWords } from './form';

describe('plainWords', () => {
  it('says schema messages in plain words, naming the field', () => {
    expect(plainWords('body/title must NOT have fewer than 1 characters')).toBe('Title cannot be empty');
    expect(plainWords("body must have required property 'title'")).toBe('Title is required');
    expect(plainWords("body must have required property 'name': the smallest valid body of POST /admin/shop is {}")).toBe(
      'Name is required',
    );
    expect(plainWords('body/title must be a language map like {"de": "…", "en": "…"}')).toBe('Title needs a text per language');
    expect(plainWords('body/title must be a language map like {"default": "…", "de": "…"} (needs default and de): the smallest …')).toBe(
      'Title needs a text in default and de',
    );
    expect(plainWords("body/title must have required property 'de'")).toBe('Title de is required');
    expect(plainWords('body/limitCount must be >= 1')).toBe('Limit count must be at least 1');
    expect(plainWords('body/conditions/conditions/0/value must be number')).toBe('Conditions conditions value must be a number');
    expect(plainWords('body/points must be integer')).toBe('Points must be a whole number');
  });

  it('names the allowed values, an unknown field and a value that may be empty, as the service says them', () => {
    expect(plainWords('body/type must be one of the allowed values: FIXED, TRANSACTION, CONDITIONAL')).toBe(
      'Type must be one of FIXED, TRANSACTION, CONDITIONAL',
    );
    expect(plainWords("body must NOT have additional properties: 'nickname' is not a known field")).toBe(
      'This has a field the service does not know: nickname',
    );
    expect(plainWords('body/limit must be integer or null')).toBe('Limit must be a whole number or empty');
  });

  it('leaves messages of the service as they are', () => {
    expect(plainWords('Event purchase already exists')).toBe('Event purchase already exists');
  });
});
