import { Type, type Static } from 'typebox';
import { AppError } from '../../http/errors.js';

/**
 * A user's attributes (issue 28, decision 315): what the client knows about a user and Laurel does not
 * (plan, country, birthday), set by a service principal or the admin and read by segments
 * (`attributes.<key>`). At most 20 keys; a value is a string, a number, a boolean or a date (an ISO 8601
 * string, kept as written and compared as a time by segment rules whose value is a date). PATCH merges:
 * a key given replaces its value, a key given as null is removed, others stay.
 */
export const MAX_ATTRIBUTES = 20;

const AttributeKey = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' });
export const AttributeValue = Type.Union([Type.String({ maxLength: 256 }), Type.Number(), Type.Boolean()], {
  description: 'A string (at most 256 characters), a number, a boolean, or a date as an ISO 8601 string',
});
export type AttributeValue = Static<typeof AttributeValue>;

export const Attributes = Type.Record(AttributeKey, AttributeValue, {
  additionalProperties: false,
  maxProperties: MAX_ATTRIBUTES,
  description: "The user's attributes: at most 20 keys (letters, digits, _ and -, at most 64 characters)",
});
export type Attributes = Static<typeof Attributes>;

export const AttributesChange = Type.Record(AttributeKey, Type.Union([AttributeValue, Type.Null()]), {
  additionalProperties: false,
  maxProperties: MAX_ATTRIBUTES,
  description:
    "Attributes to set (merged into those the user has): a value replaces the key's value, null removes the key. At most 20 keys " +
    'after the change, else 400 TOO_MANY_ATTRIBUTES. Only a service principal, an API key or the admin may set them (a user ' +
    'token: 403 ATTRIBUTES_FORBIDDEN).',
  examples: [{ plan: 'premium', country: 'DE', birthday: '1990-04-01', newsletter: true }],
});
export type AttributesChange = Static<typeof AttributesChange>;

/** The stored JSON of a user's attributes as an object (`{}` for none or anything unreadable). */
export function attributesOf(json: string | null | undefined): Attributes {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Attributes) : {};
  } catch {
    return {};
  }
}

/** The attributes after a change (keys sorted, so equal sets store equal text); 400 when more than 20 keys. */
export function mergeAttributes(current: Attributes, change: AttributesChange): Attributes {
  const next = new Map(Object.entries(current));
  for (const [key, value] of Object.entries(change)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  if (next.size > MAX_ATTRIBUTES) {
    throw AppError.of('TOO_MANY_ATTRIBUTES', `A user has at most ${MAX_ATTRIBUTES} attributes; this change would leave ${next.size}`);
  }
  return Object.fromEntries([...next.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
