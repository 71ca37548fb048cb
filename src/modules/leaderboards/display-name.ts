import { AppError } from '../../http/errors.js';

/**
 * Display names are shown to other users, so they are cleaned before they are stored: surrounding
 * white space goes, and what could disguise a name or break a client's layout is refused —
 * control characters (tab, CR and LF included) and the bidirectional overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069), which can make a name read backwards.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

/** The name to store, or 400 INVALID_USERNAME naming what is wrong with it. */
export function displayName(raw: string): string {
  const bad = FORBIDDEN.exec(raw);
  if (bad) {
    const code = bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    throw AppError.of('INVALID_USERNAME', `body/username must not contain control or bidirectional characters (U+${code})`);
  }
  const name = raw.trim();
  if (name === '') throw AppError.of('INVALID_USERNAME', 'body/username must not be empty or only white space');
  return name;
}
