import { Type, type Static } from 'typebox';
import { RESOURCE_ID_PATTERN } from '../../platform/ids.js';
import { PERIODS } from './periods.js';

export const StatsQuery = Type.Object({
  period: Type.Optional(
    Type.Union(
      PERIODS.map((p) => Type.Literal(p)),
      {
        description:
          '1d, 7d, 30d, 90d, current_month, ytd or all (default 7d); every period ends today (UTC). Not together with timeframe=month.',
      },
    ),
  ),
  eventId: Type.Optional(Type.String({ pattern: RESOURCE_ID_PATTERN, description: 'When given, event-specific analytics; else global' })),
  timeframe: Type.Optional(Type.Literal('month', { description: 'month, together with month, selects one calendar month' })),
  month: Type.Optional(Type.String({ maxLength: 32, description: 'YYYY-MM; only with timeframe=month (400 without it)' })),
  currency: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9_-]{1,64}$',
      description: 'The currency whose event rewards the points figures count (default `points`); counts and users are the same',
    }),
  ),
});
export type StatsQuery = Static<typeof StatsQuery>;

const Hours = Type.Array(Type.Integer(), { minItems: 24, maxItems: 24, description: 'Events per UTC hour 0–23' });

const DayStats = Type.Object({
  events: Type.Optional(Type.Integer({ description: 'Global view: events of the day' })),
  count: Type.Optional(Type.Integer({ description: 'Event-specific view: occurrences of the day' })),
  users: Type.Integer(),
  points: Type.Number(),
  hourlyDistribution: Hours,
});

const NumberOrCategoryStats = Type.Object({
  kind: Type.Union([Type.Literal('number'), Type.Literal('category')]),
  count: Type.Optional(Type.Integer()),
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  avg: Type.Optional(Type.Number()),
  histogram: Type.Optional(Type.Array(Type.Object({ min: Type.Number(), max: Type.Number(), count: Type.Integer() }))),
  counts: Type.Optional(Type.Record(Type.String(), Type.Integer())),
  distinctValuesCap: Type.Optional(Type.Integer({ description: 'Distinct values kept per field; later values count in otherCount' })),
  otherCount: Type.Optional(Type.Integer()),
});

const Meta = Type.Object({
  uniqueUsersCalculationMethod: Type.Union([Type.Literal('exact'), Type.Literal('hyperloglog')]),
  uniqueUsersNote: Type.String(),
});

/**
 * One schema for both views (global: eventId null; event-specific: eventId set); each view fills
 * its own fields of `data`, as docs/api.md (Analytics) lists them.
 */
export const EventStats = Type.Object({
  period: Type.String({ description: 'The period, or "month" for timeframe=month' }),
  month: Type.Optional(Type.String()),
  eventId: Type.Union([Type.String(), Type.Null()]),
  startDate: Type.String({ description: 'YYYY-MM-DD' }),
  endDate: Type.String({ description: 'YYYY-MM-DD' }),
  currency: Type.Optional(Type.String({ description: 'The currency of the points figures when another than points was asked for' })),
  data: Type.Object({
    totalEvents: Type.Optional(Type.Integer()),
    uniqueUsers: Type.Integer(),
    totalPoints: Type.Optional(Type.Number()),
    eventBreakdown: Type.Optional(
      Type.Record(Type.String(), Type.Object({ count: Type.Integer(), users: Type.Integer(), points: Type.Number() })),
    ),
    topEvents: Type.Optional(Type.Array(Type.String())),
    totalCount: Type.Optional(Type.Integer()),
    pointsAwarded: Type.Optional(Type.Number()),
    conditionMet: Type.Optional(Type.Integer()),
    conditionFailed: Type.Optional(Type.Integer()),
    limitReached: Type.Optional(Type.Integer()),
    dailyData: Type.Record(Type.String(), DayStats),
    metadataStats: Type.Optional(Type.Record(Type.String(), NumberOrCategoryStats)),
    _metadata: Meta,
  }),
});
export type EventStats = Static<typeof EventStats>;
