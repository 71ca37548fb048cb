import { Type, type Static } from 'typebox';
import { RESOURCE_ID_PATTERN, USER_ID_PATTERN } from '../platform/ids.js';

/** Schemas shared by several modules. */

export const ErrorResponse = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    code: Type.String(),
  },
  { description: 'Body of every error: status, reason phrase, message, machine code' },
);

export const UserId = Type.String({ pattern: USER_ID_PATTERN, description: 'Client-chosen user id' });
export const ResourceId = Type.String({ pattern: RESOURCE_ID_PATTERN });

/** The latest time a JavaScript Date can hold (year 275760): every ms input stays below it. */
export const MAX_MILLIS = 8_640_000_000_000_000;
/** A point in time given by a client: Unix ms, 0 to MAX_MILLIS. */
export const Millis = (description = 'Unix ms') => Type.Integer({ minimum: 0, maximum: MAX_MILLIS, description });

export const UserParams = Type.Object({ userId: UserId });
export type UserParams = Static<typeof UserParams>;

/** A language map as used by titles and descriptions: language code → text. */
export const LanguageMap = Type.Record(Type.String({ pattern: '^[a-z]{2}$|^default$' }), Type.String({ maxLength: 2000 }), {
  description: 'Language code to text, e.g. { "de": "…", "en": "…" }',
});
export type LanguageMap = Static<typeof LanguageMap>;

export const Status = Type.Union([Type.Literal('ACTIVE'), Type.Literal('INACTIVE')]);
export type Status = Static<typeof Status>;

export const Message = Type.Object({ message: Type.String() });

/** Error responses for a route's schema: `errors(400, 401, 404)`. */
export function errors(...statuses: number[]): Record<number, typeof ErrorResponse> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorResponse]));
}
