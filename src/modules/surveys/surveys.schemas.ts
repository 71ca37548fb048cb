import { Type, type Static } from 'typebox';
import { Millis, ResourceId, Status, UserId } from '../../http/schemas.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
export const SurveyType = Type.Union([Type.Literal('SINGLE'), Type.Literal('MULTIPLE')]);
const OptionInput = Type.Object(
  { optionId: Type.String({ minLength: 1, maxLength: 128 }), label: Type.String({ maxLength: 500 }) },
  { additionalProperties: false },
);
export const SurveyOption = Type.Object({ optionId: Type.String(), label: Type.String() });
export type SurveyOption = Static<typeof SurveyOption>;

/** Body of POST /admin/survey and PUT /admin/survey/{surveyId} (docs/api.md, Surveys). */
export const SurveyBody = Type.Object(
  {
    surveyId: Type.Optional(ResourceId),
    title: Type.String({ minLength: 1, maxLength: 2000 }),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    type: SurveyType,
    options: Type.Array(OptionInput, { minItems: 1, maxItems: 100 }),
    validFrom: Type.Optional(Millis('Unix ms; default: creation time')),
    validUntil: Type.Optional(Nullable(Millis('Unix ms; null: no end'))),
    points: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: 'Awarded for an answer; default 0' })),
    currency: Type.Optional(
      Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'The currency `points` are paid in (default `points`; decision 302)' }),
    ),
    status: Type.Optional(Status),
  },
  { additionalProperties: false },
);
export type SurveyBody = Static<typeof SurveyBody>;

/** A survey as a user sees it (docs/api.md, Surveys). */
export const Survey = Type.Object({
  surveyId: Type.String(),
  title: Type.String(),
  description: Type.String(),
  type: Type.String(),
  validFrom: Type.Integer(),
  validUntil: Nullable(Type.Integer()),
  options: Type.Array(SurveyOption),
  points: Type.Integer(),
  currency: Type.Optional(Type.String({ description: 'The currency of `points`; absent: points' })),
});
export type Survey = Static<typeof Survey>;

/** The operator's view: the survey, its status and the answers counted per option. */
export const AdminSurvey = Type.Intersect([
  Survey,
  Type.Object({
    status: Type.String(),
    createdAt: Type.Integer(),
    updatedAt: Type.Integer(),
    statistics: Type.Object({
      answered: Type.Integer({ description: 'Users who answered' }),
      options: Type.Record(Type.String(), Type.Integer(), { description: 'optionId → times chosen' }),
    }),
  }),
]);
export type AdminSurvey = Static<typeof AdminSurvey>;

export const AnswerBody = Type.Object(
  {
    userId: UserId,
    surveyId: Type.String({ minLength: 1, maxLength: 128 }),
    responses: Type.Array(Type.String({ maxLength: 128 }), { maxItems: 100, description: 'Selected optionIds' }),
  },
  { additionalProperties: false },
);
export type AnswerBody = Static<typeof AnswerBody>;

export const Answered = Type.Object({
  message: Type.String(),
  surveyId: Type.String(),
  userId: Type.String(),
  pointsAwarded: Type.Integer(),
});
