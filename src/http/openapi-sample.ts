/**
 * An example value for a schema of the OpenAPI document, where a route gives none by hand
 * (openapi-examples.ts): the schema's own example or default, else a value made from the field's
 * name and its constraints (a `userId` is "alice", a `…At` a time in ms). Every example is checked
 * against its schema by test/http/openapi-examples.test.ts.
 */
type Schema = {
  type?: string;
  example?: unknown;
  default?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  minProperties?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  patternProperties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
};

/** 2026-03-12 15:30 UTC: the time every example is taken at. */
export const EXAMPLE_NOW = Date.UTC(2026, 2, 12, 15, 30);

/** Values by field name (the last part of its path), tried before anything made from the type. */
const BY_NAME: Record<string, unknown> = {
  userId: 'alice',
  sub: 'alice',
  eventId: 'purchase',
  challengeId: 'five-purchases',
  achievementId: 'first-purchase',
  streakId: 'daily-check-in',
  offerId: 'free-coffee',
  shopId: 'bakery',
  surveyId: 'recommend',
  userGroupId: 'gold',
  groupId: 'default',
  projectId: 'default',
  seriesId: 'shopper',
  tierId: 'silver',
  seasonRewardId: 'top-three',
  webhookId: 'wh_3kd8a1',
  messageId: 'msg_2xk9q1b7',
  apiKeyId: 'key_7f3k2a',
  jobId: 'job_5m2k8q',
  couponKey: 'cpn_8f2k1x',
  couponId: 'cpn_8f2k1x',
  historyId: 'EVENT#purchase#1773329400000',
  optionId: 'yes',
  month: '2026-03',
  timeframe: '7d',
  period: '7d',
  timeFrame: 'daily',
  timeZone: 'Europe/Berlin',
  username: 'Alice',
  name: 'Corner Bakery',
  label: 'Yes',
  reason: 'Goodwill after a late delivery',
  url: 'https://example.com/laurel',
  image: 'https://example.com/images/coffee.png',
  logo: 'https://example.com/images/bakery.png',
  category: 'drinks',
  key: 'amount',
  field: 'amount',
  valueField: 'amount',
  rewardValueField: 'amount',
  message: 'Event erfolgreich geloggt',
  title: 'Purchase',
  description: 'One point per euro spent',
  globalEventDateKey: '2026-03-12',
  cursor: 'eyJrIjoxfQ',
  prefix: 'al',
  screenId: 'rewards',
  points: 120,
  balance: 120,
  goal: 5,
  progress: 3,
  count: 3,
  limit: 5,
  rank: 1,
  statusCode: 200,
  total: 1,
  multiplier: 1.5,
  threshold: 500,
};

const STRINGS = ['alice', 'purchase', 'default', '2026-03', 'gold', 'abc', 'x'];

function isTime(name: string): boolean {
  return /(At|Date|timestamp|^validFrom$|^validUntil$|^now$|^from$|^to$)$/.test(name) && name !== 'globalEventDateKey';
}

/** An example of `schema` for a field called `name` (the property or parameter name). */
export function sample(schema: Schema | undefined, name = '', depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  if (name === 'status' && schema.type === 'string' && !schema.enum) return 'ACTIVE';
  if (schema.enum?.length) return schema.enum.find((v) => v !== null) ?? null;
  const branch = schema.anyOf ?? schema.oneOf;
  if (branch) return sample(branch.find((b) => b.type !== 'null' && b.enum?.[0] !== null) ?? branch[0], name, depth + 1);
  if (schema.allOf) return sample(merged(schema.allOf), name, depth + 1);
  switch (schema.type) {
    case 'object':
      return sampleObject(schema, depth);
    case 'array': {
      const item = sample(schema.items, singular(name), depth + 1);
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
    }
    case 'integer':
    case 'number':
      return sampleNumber(schema, name);
    case 'boolean':
      return false;
    case 'string':
      return sampleString(schema, name);
    default:
      return schema.properties ? sampleObject(schema, depth) : null;
  }
}

/** The schemas of an allOf as one (properties and required lists joined). */
function merged(parts: Schema[]): Schema {
  const out: Schema = {};
  for (const part of parts) {
    const { properties, required, ...rest } = part;
    Object.assign(out, rest);
    if (properties) out.properties = { ...out.properties, ...properties };
    if (required) out.required = [...(out.required ?? []), ...required];
  }
  return out;
}

function singular(name: string): string {
  return name.endsWith('Ids') ? name.slice(0, -1) : name;
}

function sampleObject(schema: Schema, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema.properties ?? {})) out[key] = sample(value, key, depth + 1);
  const patterns = Object.entries(schema.patternProperties ?? {});
  if (patterns.length > 0 && Object.keys(out).length === 0) {
    const [pattern, value] = patterns[0]!;
    // A language map ({ de, en }) or another keyed map: two entries whose keys fit the pattern.
    const keys = ['de', 'en', 'default', 'amount', 'store'].filter((k) => new RegExp(pattern, 'u').test(k)).slice(0, 2);
    for (const k of keys) out[k] = sample(value, 'text', depth + 1);
  } else if (typeof schema.additionalProperties === 'object' && Object.keys(out).length === 0) {
    out.de = sample(schema.additionalProperties, 'text', depth + 1);
    out.en = out.de;
  }
  return out;
}

function sampleNumber(schema: Schema, name: string): number {
  const min = schema.minimum ?? Number.MIN_SAFE_INTEGER;
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  let value = isTime(name) ? EXAMPLE_NOW : typeof BY_NAME[name] === 'number' ? (BY_NAME[name] as number) : 10;
  if (schema.type === 'integer') value = Math.round(value);
  if (value < min || (schema.exclusiveMinimum === true && value === min)) value = min + (schema.exclusiveMinimum === true ? 1 : 0);
  if (value > max) value = max;
  return value;
}

function sampleString(schema: Schema, name: string): string {
  if (schema.format === 'date-time') return new Date(EXAMPLE_NOW).toISOString();
  if (schema.format === 'date') return '2026-03-12';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/laurel';
  const candidates = [BY_NAME[name], ...STRINGS, ...Object.values(BY_NAME)].filter((v): v is string => typeof v === 'string');
  const fits = (v: string) =>
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(v)) &&
    v.length >= (schema.minLength ?? 0) &&
    v.length <= (schema.maxLength ?? Infinity);
  return candidates.find(fits) ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}
