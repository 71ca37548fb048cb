import { randomBytes } from 'node:crypto';

/** Ids of configured resources: ASCII letters, digits, _ and -, at most 128 (CONTRACT.md section 5). */
export const RESOURCE_ID_PATTERN = '^[A-Za-z0-9_-]{1,128}$';

/**
 * Client-chosen user ids: printable ASCII without whitespace, '#', '/', '?', '%' or '\\', at most 128.
 * '#' is excluded because it separates the parts of coupon and history ids (USER#<userId>#COUPON).
 */
export const USER_ID_PATTERN = '^[A-Za-z0-9_.@:+=-]{1,128}$';

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
