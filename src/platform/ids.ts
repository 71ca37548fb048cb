import { randomBytes } from 'node:crypto';

/** Ids of configured resources: ASCII letters, digits, _ and -, at most 128 (docs/api.md, Basics). */
export const RESOURCE_ID_PATTERN = '^[A-Za-z0-9_-]{1,128}$';

/**
 * Client-chosen user ids: 1–128 characters, any script (`müller`), identity-provider subjects
 * (`auth0|5f7c1a`) included; no whitespace, no control characters and none of `/ ? # % \`.
 * `#` separates the parts of coupon and history ids (USER#<userId>#COUPON); the others break or
 * ambiguate paths. Validated with the `u` flag (AJV's default), so the length counts characters.
 */
export const USER_ID_PATTERN = '^[^\\s\\u0000-\\u001f\\u007f-\\u009f/?#%\\\\]{1,128}$';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A short random alphanumeric string, e.g. for `ug_k3j9x0q2ab`. */
export function randomAlnum(length = 10): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i]! % ALPHABET.length];
  return out;
}

/** A generated id: `<prefix>_<10 alphanumerics>`. */
export function generateId(prefix: string): string {
  return `${prefix}_${randomAlnum(10)}`;
}
