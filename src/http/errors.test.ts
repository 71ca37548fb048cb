import { readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { describe, expect, it } from 'vitest';
import { AppError, ERRORS, type ErrorCode } from './errors.js';

describe('the error catalogue', () => {
  it('gives every code one error status', () => {
    for (const [code, entry] of Object.entries(ERRORS)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(entry.status >= 400 && entry.status < 600 && STATUS_CODES[entry.status], code).toBeTruthy();
    }
  });

  it('makes errors with the status of their code, and the message of not-found codes from the id', () => {
    const missing = AppError.of('USER_NOT_FOUND', 'auth0|5f7c1a');
    expect(missing).toMatchObject({ statusCode: 404, code: 'USER_NOT_FOUND', message: 'User auth0|5f7c1a not found' });
    expect(AppError.of('SHOP_IN_USE', 'Shop s1 is still named by offers')).toMatchObject({
      statusCode: 409,
      code: 'SHOP_IN_USE',
      message: 'Shop s1 is still named by offers',
    });
  });

  it('is documented in docs/errors.md, code by code with its status', () => {
    const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
    const rows = new Map([...doc.matchAll(/^\| `([A-Z0-9_]+)` \| (\d{3}) /gm)].map((m) => [m[1]!, Number(m[2])]));
    const expected = new Map(Object.entries(ERRORS).map(([code, e]) => [code, e.status]));
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(expected));
    const codes: ErrorCode[] = [...expected.keys()] as ErrorCode[];
    expect(codes.length).toBeGreaterThan(50);
  });
});
