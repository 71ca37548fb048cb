import { hash } from 'node:crypto';
import { randomAlnum } from '../../platform/ids.js';

/**
 * Message ids (the `webhook-id` header): `msg_` + the time in 9 base-36 digits + 11 more
 * characters, so ids sort by time and an endpoint's log is read newest first along its primary
 * key. New ids take a random prefix of the process and a counter; the ids of facts that may be
 * reported twice (a job step run again after a crash) are derived from the fact, so the second
 * insert finds the first and adds nothing.
 */
const PROCESS = randomAlnum(6);
let counter = 0;

function timePart(at: number): string {
  return Math.max(0, Math.floor(at)).toString(36).padStart(9, '0');
}

/** A new message id for a fact recorded at `at`. */
export function newMessageId(at: number): string {
  counter = (counter + 1) % 60_466_176; // 36^5
  return `msg_${timePart(at)}${PROCESS}${counter.toString(36).padStart(5, '0')}`;
}

/** The id of the message about one fact (`key`), the same however often it is reported. */
export function factMessageId(at: number, key: string): string {
  const digest = hash('sha256', key, 'buffer');
  let tail = '';
  for (let i = 0; i < 11; i++) tail += (digest[i]! % 36).toString(36);
  return `msg_${timePart(at)}${tail}`;
}

/** The smallest message id of time `at` (log bounds). */
export function firstMessageIdAt(at: number): string {
  return `msg_${timePart(at)}`;
}
