import { Type, type Static } from 'typebox';
import { Millis } from '../../http/schemas.js';
import { CreateCampaignBody } from './campaigns.schemas.js';

const day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A UTC day, YYYY-MM-DD' });

export const SimulateBody = Type.Object(
  {
    campaign: CreateCampaignBody,
    from: Millis('First millisecond of the period replayed (stored events by their timestamp), Unix ms'),
    to: Millis('End of the period, exclusive, Unix ms; at most 366 days after from'),
  },
  { additionalProperties: false },
);
export type SimulateBody = Static<typeof SimulateBody>;

export const SimulationResult = Type.Object(
  {
    total: Type.Integer({ description: 'What the draft would have paid in all, in its currency' }),
    currency: Type.String(),
    events: Type.Integer({ description: 'Events it would have paid' }),
    users: Type.Integer({ description: 'Users it would have paid' }),
    perDay: Type.Array(Type.Object({ day, points: Type.Integer() }), {
      description: 'Every UTC day of the period, with what it would have paid',
    }),
    topUsers: Type.Array(Type.Object({ userId: Type.String(), points: Type.Integer() }), {
      description: 'The 10 users it would have paid most (ties by userId)',
    }),
    budgetSpentOn: Type.Union([day, Type.Null()], { description: 'The UTC day its total budget would have run out; null: it would not' }),
  },
  { description: 'What a draft campaign would have paid over the stored events of a period' },
);
export type SimulationResult = Static<typeof SimulationResult>;

export const BackfillBody = Type.Object(
  {
    from: Millis('First millisecond of the period (stored events by their timestamp), Unix ms'),
    to: Millis('End of the period, exclusive, Unix ms; at most 366 days after from'),
  },
  { additionalProperties: false },
);
export type BackfillBody = Static<typeof BackfillBody>;

export const BackfillStarted = Type.Object({ jobId: Type.String({ description: 'The backfill job: GET /admin/job/{jobId}' }) });
