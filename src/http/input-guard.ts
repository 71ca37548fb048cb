import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LoopSlice } from '../platform/loop-slice.js';
import { AppError } from './errors.js';

/**
 * Refuses hostile input before any schema, handler or store sees it, with 400 and nothing changed:
 * a NUL character or a lone UTF-16 surrogate in any string or key (PostgreSQL cannot store the
 * first, and would silently replace the second), a number that is not finite or lies beyond
 * ±(2^53 − 1) (no Laurel value is that large; past it integers lose precision and bigint columns
 * overflow), and a body nested deeper than MAX_BODY_DEPTH (recursive code further on would run
 * out of stack), and reserved or oversized keys (`checkKey`). The walk is iterative, so the check
 * itself cannot overflow.
 */
export const MAX_BODY_DEPTH = 32;
export const MAX_SAFE_NUMBER = Number.MAX_SAFE_INTEGER;

/** Headers whose values reach the store. */
const CHECKED_HEADERS = ['idempotency-key', 'x-project-id'];

export function registerInputGuard(app: FastifyInstance): void {
  // Callback hooks, and the walk without promises where nothing can be large: every request runs them.
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    try {
      checkValueNow(request.params, 'path');
      checkValueNow(request.query, 'query');
      for (const name of CHECKED_HEADERS) checkValueNow(request.headers[name], `header ${name}`);
      if (request.body === null || typeof request.body !== 'object') {
        checkValueNow(request.body, 'body');
        return done();
      }
    } catch (err) {
      return done(err as Error);
    }
    // A bulk body (up to 4 MiB) is walked in slices, giving the event loop a turn (decision 217).
    checkValue(request.body, 'body', new LoopSlice()).then(() => done(), done);
  });
  // Query strings and params become numbers only in validation ("Infinity" coerces to Infinity).
  app.addHook('preHandler', (request: FastifyRequest, _reply, done) => {
    try {
      checkValueNow(request.query, 'query');
      checkValueNow(request.params, 'path');
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}

/** Values checked between two looks at the clock (reading it for every string would cost more than the check). */
const CHECKS_PER_LOOK = 512;

/**
 * Throws 400 for the first hostile string, number, nesting or key found in `root`; with `slice`,
 * yields to the event loop when the slice is used up.
 */
export async function checkValue(root: unknown, where: string, slice: LoopSlice | null = null): Promise<void> {
  const stack: Pending[] = [{ value: root, depth: 0, key: '' }];
  while (!walk(stack, where, slice)) await slice!.next();
}

/** `checkValue` without a slice or a promise, for what is small by construction (path, query, headers). */
export function checkValueNow(root: unknown, where: string): void {
  if (root === undefined || root === null) return;
  walk([{ value: root, depth: 0, key: '' }], where, null);
}

interface Pending {
  value: unknown;
  depth: number;
  key: string;
}

/** Checks what is on `stack`; false when it stopped early because `slice` is used up (the rest stays on it). */
function walk(stack: Pending[], where: string, slice: LoopSlice | null): boolean {
  let checked = 0;
  while (stack.length > 0) {
    if (slice !== null && ++checked % CHECKS_PER_LOOK === 0 && slice.due()) return false;
    const { value, depth, key: parent } = stack.pop()!;
    if (typeof value === 'string') {
      checkString(value, where);
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value) || Math.abs(value) > MAX_SAFE_NUMBER) {
        throw AppError.of('NUMBER_OUT_OF_RANGE', `${where}: numbers must be finite and within ±${MAX_SAFE_NUMBER}`);
      }
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_BODY_DEPTH) throw AppError.of('TOO_DEEP', `${where} is nested deeper than ${MAX_BODY_DEPTH} levels`);
      if (Array.isArray(value)) {
        for (const item of value) stack.push({ value: item, depth: depth + 1, key: parent });
      } else {
        for (const [key, item] of Object.entries(value)) {
          checkString(key, where);
          checkKey(key, item, parent === 'metadata', where);
          stack.push({ value: item, depth: depth + 1, key });
        }
      }
    }
  }
  return true;
}

/**
 * Keys that name an object's machinery (decision 194). JSON bodies are parsed with a plain
 * JSON.parse, so `__proto__` arrives as an ordinary key and is refused here, naming it, before
 * anything could merge it into an object; a metadata object (any object under a key `metadata`)
 * also refuses `constructor` and `prototype`, and keys outside 1–64 characters.
 */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
export const MAX_METADATA_KEY_LENGTH = 64;

function checkKey(key: string, value: unknown, inMetadata: boolean, where: string): void {
  if (inMetadata) {
    if (RESERVED_KEYS.has(key)) throw AppError.of('INVALID_METADATA_KEY', `${where}: the metadata key "${key}" is reserved`);
    if (key.length === 0 || key.length > MAX_METADATA_KEY_LENGTH) {
      const shown = key.length > 80 ? `${key.slice(0, 80)}…` : key;
      throw AppError.of(
        'INVALID_METADATA_KEY',
        `${where}: the metadata key "${shown}" must have 1 to ${MAX_METADATA_KEY_LENGTH} characters`,
      );
    }
  } else if (key === '__proto__' || (key === 'constructor' && isObjectWith(value, 'prototype'))) {
    // What secure-json-parse refused before: a prototype, or a constructor's prototype, in data.
    throw AppError.of('VALIDATION_ERROR', `${where}: the key "${key}" is reserved`);
  }
}

function isObjectWith(value: unknown, key: string): boolean {
  return value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, key);
}

/** In a `u` regex a surrogate pair is one code point; only a lone surrogate is category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

function checkString(s: string, where: string): void {
  if (s.includes('\u0000')) throw AppError.of('INVALID_CHARACTER', `${where} contains a NUL character`);
  if (LONE_SURROGATE.test(s)) throw AppError.of('INVALID_CHARACTER', `${where} contains a lone UTF-16 surrogate`);
}
