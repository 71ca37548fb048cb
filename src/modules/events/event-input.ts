import { AppError } from '../../http/errors.js';
import type { EventDefinition } from './events.schemas.js';

/** Rules on the input of POST /event beyond its schema (pure). */

export const MAX_FUTURE_SKEW_MS = 5 * 60_000;
export const MAX_OFFLINE_AGE_MS = 30 * 86_400_000;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The effective time of an event: its offline `timestamp`, else now. Refuses the future (beyond 5 min) and > 30 days ago. */
export function eventTime(timestamp: string | number | undefined, now: number): number {
  if (timestamp === undefined) return now;
  const ms = typeof timestamp === 'number' ? timestamp : ISO_8601.test(timestamp) ? Date.parse(timestamp) : NaN;
  if (!Number.isFinite(ms)) throw AppError.badRequest('timestamp must be an ISO 8601 date-time', 'INVALID_TIMESTAMP');
  if (ms > now + MAX_FUTURE_SKEW_MS) throw AppError.badRequest('timestamp must not be in the future', 'INVALID_TIMESTAMP');
  if (ms < now - MAX_OFFLINE_AGE_MS) throw AppError.badRequest('timestamp must not be older than 30 days', 'INVALID_TIMESTAMP');
  return Math.floor(ms);
}

function typeOf(value: unknown): string {
  return Array.isArray(value) ? 'array' : typeof value;
}

/** metadataFields of the definition: required keys present, every declared key of its type. */
export function checkMetadataFields(definition: EventDefinition, metadata: Record<string, unknown>): void {
  for (const field of definition.metadataFields) {
    const present = Object.prototype.hasOwnProperty.call(metadata, field.key);
    if (!present) {
      if (field.required) throw AppError.badRequest(`metadata.${field.key} is required`, 'INVALID_METADATA');
      continue;
    }
    if (typeOf(metadata[field.key]) !== field.type) {
      throw AppError.badRequest(`metadata.${field.key} must be of type ${field.type}`, 'INVALID_METADATA');
    }
  }
}
