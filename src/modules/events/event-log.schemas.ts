import { Type, type Static } from 'typebox';
import { Millis, ResourceId, UserId } from '../../http/schemas.js';

export const OUTCOMES = ['AWARDED', 'CONDITION_FAILED', 'LIMIT_REACHED', 'REJECTED'] as const;
export type Outcome = (typeof OUTCOMES)[number];

const OutcomeSchema = Type.Union(
  [Type.Literal('AWARDED'), Type.Literal('CONDITION_FAILED'), Type.Literal('LIMIT_REACHED'), Type.Literal('REJECTED')],
  {
    description:
      'AWARDED: the event counted (its points, maybe 0); CONDITION_FAILED: its conditions did not hold; LIMIT_REACHED: over its ' +
      'completion limit; REJECTED: the call was refused with a 4xx',
  },
);

export const EventLogQuery = Type.Object(
  {
    userId: Type.Optional(UserId),
    eventId: Type.Optional(ResourceId),
    outcome: Type.Optional(OutcomeSchema),
    from: Type.Optional(Millis('Entries received at or after this time (Unix ms)')),
    to: Type.Optional(Millis('Entries received before this time (Unix ms)')),
    cursor: Type.Optional(Type.String({ maxLength: 200, description: 'nextCursor of the previous page' })),
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'Entries per page' }),
  },
  { additionalProperties: false },
);
export type EventLogQuery = Static<typeof EventLogQuery>;

export const EventLogEntry = Type.Object({
  at: Type.Integer({ description: 'When the service received the call, Unix ms' }),
  userId: Type.Union([Type.String(), Type.Null()], { description: 'Null when a rejected call named no valid userId' }),
  eventId: Type.Union([Type.String(), Type.Null()]),
  outcome: OutcomeSchema,
  reason: Type.String({
    description:
      'Why, in words: "12 points awarded", "condition amount ≥ 50 failed: got 10", "limit 1 per day reached", the error message of a ' +
      'rejection',
  }),
  points: Type.Integer({ description: 'Points the event awarded' }),
  metadata: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
    description: 'The metadata sent (null when absent or too large to keep)',
  }),
  status: Type.Integer({ description: 'HTTP status the caller got (200, or the 4xx of a rejection)' }),
  code: Type.Union([Type.String(), Type.Null()], { description: 'Error code of a rejection, else null' }),
});
export type EventLogEntry = Static<typeof EventLogEntry>;

export const EventLogPage = Type.Object({
  entries: Type.Array(EventLogEntry),
  nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'Cursor of the next (older) page; null on the last page' }),
});
export type EventLogPage = Static<typeof EventLogPage>;
