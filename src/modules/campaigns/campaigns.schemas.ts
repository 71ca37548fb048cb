import { Type, type Static } from 'typebox';
import { Millis, ResourceId, Status } from '../../http/schemas.js';
import { Conditions } from '../events/index.js';

export const CampaignId = Type.String({ ...ResourceId, maxLength: 128, description: 'Campaign id (A–Z a–z 0–9 _ -, at most 128)' });

const Effect = Type.Object(
  {
    multiplier: Type.Optional(
      Type.Number({
        minimum: 1,
        maximum: 100,
        description: "The event's own reward in the campaign's currency is paid this many times: (multiplier − 1) × reward extra",
      }),
    ),
    bonus: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: 'Added to each event the campaign pays' })),
    currency: Type.Optional(Type.String({ ...ResourceId, maxLength: 64, description: 'What it pays in (default points)' })),
  },
  { additionalProperties: false, description: 'What the campaign adds to an event; a multiplier, a bonus or both' },
);

const Budget = Type.Object(
  {
    total: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'At most this much in all' })),
    perUser: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'At most this much to one user' })),
  },
  { additionalProperties: false, description: 'Caps of what the campaign pays, in its currency; the last payment is cut to what is left' },
);

const Day = Type.Union(
  [
    Type.Literal('MON'),
    Type.Literal('TUE'),
    Type.Literal('WED'),
    Type.Literal('THU'),
    Type.Literal('FRI'),
    Type.Literal('SAT'),
    Type.Literal('SUN'),
  ],
  { description: 'A day of the week' },
);

const fields = {
  title: Type.String({ minLength: 1, maxLength: 200 }),
  status: Type.Optional(Status),
  startAt: Millis('First millisecond of the window (event timestamps), Unix ms'),
  endAt: Millis('End of the window, exclusive, Unix ms'),
  days: Type.Optional(
    Type.Union([Type.Array(Day, { minItems: 1, maxItems: 7, uniqueItems: true }), Type.Null()], {
      description: "The days of the week it pays on, in the user's time zone (e.g. SAT, SUN: on weekends); absent or null: every day",
    }),
  ),
  eventIds: Type.Optional(
    Type.Union([Type.Array(ResourceId, { minItems: 1, maxItems: 100, uniqueItems: true }), Type.Null()], {
      description: 'The events it applies to; absent or null: every event',
    }),
  ),
  conditions: Type.Optional(Type.Union([Conditions, Type.Null()], { description: "On the event's metadata, as an event definition's" })),
  segmentId: Type.Optional(
    Type.Union([Type.String({ ...ResourceId, maxLength: 128 }), Type.Null()], {
      description:
        'Pays only users in this segment just before the event (their balance before its points); absent or null: everyone. ' +
        '400 UNKNOWN_SEGMENT',
    }),
  ),
  effect: Effect,
  budget: Type.Optional(Type.Union([Budget, Type.Null()])),
  priority: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, description: 'Higher goes first (default 0)' })),
  stacking: Type.Optional(
    Type.Union([Type.Literal('stack'), Type.Literal('exclusive')], {
      description:
        'stack (default): adds to the others; exclusive: when it applies, the highest-priority exclusive one is the only one paid',
    }),
  ),
};

export const CreateCampaignBody = Type.Object(
  { campaignId: Type.Optional(CampaignId), ...fields },
  {
    additionalProperties: false,
    examples: [
      {
        campaignId: 'double-weekend',
        title: 'Double points on weekends',
        startAt: 1_798_761_600_000,
        endAt: 1_801_440_000_000,
        eventIds: ['purchase'],
        effect: { multiplier: 2 },
        budget: { total: 100_000 },
        priority: 10,
        stacking: 'stack',
      },
    ],
  },
);
export type CreateCampaignBody = Static<typeof CreateCampaignBody>;

export const UpdateCampaignBody = Type.Object(
  { campaignId: Type.Optional(CampaignId), ...fields },
  { additionalProperties: false, description: 'A full update; what the campaign has paid so far stays' },
);
export type UpdateCampaignBody = Static<typeof UpdateCampaignBody>;

export const CampaignView = Type.Object({
  campaignId: Type.String(),
  title: Type.String(),
  status: Status,
  startAt: Type.Integer(),
  endAt: Type.Integer(),
  days: Type.Union([Type.Array(Day), Type.Null()], { description: 'The days of the week it pays on (Monday first); null: every day' }),
  eventIds: Type.Union([Type.Array(Type.String()), Type.Null()]),
  conditions: Type.Union([Conditions, Type.Null()]),
  segmentId: Type.Union([Type.String(), Type.Null()], { description: 'The segment it pays; null: everyone' }),
  effect: Type.Object({ multiplier: Type.Number(), bonus: Type.Integer(), currency: Type.String() }),
  budget: Type.Object({ total: Type.Union([Type.Integer(), Type.Null()]), perUser: Type.Union([Type.Integer(), Type.Null()]) }),
  priority: Type.Integer(),
  stacking: Type.Union([Type.Literal('stack'), Type.Literal('exclusive')]),
  spent: Type.Integer({ description: 'What the campaign has paid so far, in its currency' }),
  remaining: Type.Union([Type.Integer(), Type.Null()], { description: 'What is left of the total budget; null: no total budget' }),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type CampaignView = Static<typeof CampaignView>;

/** An item of `data.campaigns` in the POST /event response. */
export const CampaignPayoutItem = Type.Object({
  campaignId: Type.String(),
  points: Type.Integer({ description: 'What the campaign paid for this event, in its currency' }),
  currency: Type.String(),
});
