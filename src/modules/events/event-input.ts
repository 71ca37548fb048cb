import { AppError } from '../../http/errors.js';
import { parseIsoTime } from '../../platform/time.js';
import type { EventDefinition } from './events.schemas.js';

/** Rules on the input of POST /event beyond its schema (pure). */

export const MAX_FUTURE_SKEW_MS = 5 * 60_000;
export const MAX_OFFLINE_AGE_MS = 30 * 86_400_000;

/**
 * The effective time of an event: its offline `timestamp`, else now. Refuses the future (beyond
 * 5 min) and > 30 days ago. A timestamp without a zone is UTC, whatever the host's time zone.
 */
export function eventTime(timestamp: string | number | undefined, now: number): number {
  if (timestamp === undefined) return now;
  const ms = typeof timestamp === 'number' ? timestamp : (parseIsoTime(timestamp) ?? NaN);
  if (!Number.isFinite(ms)) throw AppError.of('INVALID_TIMESTAMP', 'timestamp must be an ISO 8601 date-time');
  if (ms > now + MAX_FUTURE_SKEW_MS) throw AppError.of('INVALID_TIMESTAMP', 'timestamp must not be in the future');
  if (ms < now - MAX_OFFLINE_AGE_MS) throw AppError.of('INVALID_TIMESTAMP', 'timestamp must not be older than 30 days');
  return Math.floor(ms);
}

/**
 * An event dated by an end user's own token may be at most `maxAgeHours` old (decision 196): a user
 * cannot backfill a streak or a closed month with weeks of invented events. 0 allows no offline
 * events, only a clock up to 5 minutes behind the server's. Service tokens and API keys are not
 * checked here (the 30 days of `eventTime` apply to them).
 */
export function checkUserEventAge(occurredAt: number, now: number, maxAgeHours: number): void {
  const oldest = now - (maxAgeHours > 0 ? maxAgeHours * 3_600_000 : MAX_FUTURE_SKEW_MS);
  if (occurredAt < oldest) {
    throw AppError.of(
      'TIMESTAMP_TOO_OLD',
      maxAgeHours > 0
        ? `timestamp must not be more than ${maxAgeHours} hours old for an event sent with a user token`
        : 'this project takes no offline events from user tokens: send the event without a timestamp',
    );
  }
}

function typeOf(value: unknown): string {
  return Array.isArray(value) ? 'array' : typeof value;
}

/** metadataFields of the definition: required keys present, every declared key of its type. */
export function checkMetadataFields(definition: EventDefinition, metadata: Record<string, unknown>): void {
  for (const field of definition.metadataFields) {
    const present = Object.prototype.hasOwnProperty.call(metadata, field.key);
    if (!present) {
      if (field.required) throw AppError.of('INVALID_METADATA', `metadata.${field.key} is required`);
      continue;
    }
    if (typeOf(metadata[field.key]) !== field.type) {
      throw AppError.of('INVALID_METADATA', `metadata.${field.key} must be of type ${field.type}`);
    }
  }
}
