import { Type, type Static } from 'typebox';
import { ResourceId } from '../../http/schemas.js';
import { MAX_RULES } from './segment-rules.js';

export const SegmentId = Type.String({ ...ResourceId, maxLength: 128, description: 'Segment id (A–Z a–z 0–9 _ -, at most 128)' });

const Value = Type.Union([
  Type.String({ maxLength: 2000 }),
  Type.Number(),
  Type.Boolean(),
  Type.Array(Type.Union([Type.String({ maxLength: 2000 }), Type.Number()]), { maxItems: 100 }),
]);

export const SegmentRule = Type.Object(
  {
    field: Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        'tier, group (a userGroupId the user’s events named), balance.<currencyId> (balance.points for points), ' +
        'lifetime.<currencyId>, daysSinceActive, daysSinceJoined, events.<eventId>.<N>d (events of that id in the last N days, ' +
        'N 1–365), attributes.<key> (a date attribute is compared as a time when the value is a date); else 400 INVALID_SEGMENT_FIELD',
    }),
    operator: Type.Union(
      [
        Type.Literal('equals'),
        Type.Literal('not_equals'),
        Type.Literal('greater_than'),
        Type.Literal('greater_than_or_equal'),
        Type.Literal('less_than'),
        Type.Literal('less_than_or_equal'),
        Type.Literal('contains'),
        Type.Literal('in'),
        Type.Literal('exists'),
      ],
      { description: 'As in event conditions; numeric fields take numbers, tier and group take ids (else 400 INVALID_SEGMENT_RULE)' },
    ),
    value: Type.Optional(Value),
  },
  { additionalProperties: false },
);

const fields = {
  title: Type.String({ minLength: 1, maxLength: 200 }),
  match: Type.Optional(
    Type.Union([Type.Literal('all'), Type.Literal('any')], { description: 'all (default): every rule holds; any: one does' }),
  ),
  rules: Type.Array(SegmentRule, { minItems: 1, maxItems: MAX_RULES, description: `1 to ${MAX_RULES} rules` }),
};

export const CreateSegmentBody = Type.Object(
  { segmentId: Type.Optional(SegmentId), ...fields },
  {
    additionalProperties: false,
    examples: [
      {
        segmentId: 'gold-shoppers',
        title: 'Gold members who bought this month',
        match: 'all',
        rules: [
          { field: 'tier', operator: 'equals', value: 'gold' },
          { field: 'events.purchase.30d', operator: 'greater_than_or_equal', value: 1 },
        ],
      },
    ],
  },
);
export type CreateSegmentBody = Static<typeof CreateSegmentBody>;

export const UpdateSegmentBody = Type.Object(
  { segmentId: Type.Optional(SegmentId), ...fields },
  { additionalProperties: false, description: 'A full update' },
);
export type UpdateSegmentBody = Static<typeof UpdateSegmentBody>;

export const SegmentView = Type.Object({
  segmentId: Type.String(),
  title: Type.String(),
  match: Type.Union([Type.Literal('all'), Type.Literal('any')]),
  rules: Type.Array(SegmentRule),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type SegmentView = Static<typeof SegmentView>;

export const SegmentCount = Type.Object({
  segmentId: Type.String(),
  count: Type.Integer({ description: 'Live users in the segment now' }),
});

export const SegmentUsersQuery = Type.Object(
  {
    cursor: Type.Optional(Type.String({ maxLength: 400, description: 'nextCursor of the previous page' })),
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'Members per page' }),
  },
  { additionalProperties: false },
);
export type SegmentUsersQuery = Static<typeof SegmentUsersQuery>;

export const SegmentUsersPage = Type.Object({
  segmentId: Type.String(),
  userIds: Type.Array(Type.String(), { description: 'Members now, by userId' }),
  nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'null: the walk has reached the last user' }),
});

export const SegmentParams = Type.Object({ segmentId: SegmentId });
