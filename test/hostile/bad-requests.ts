/**
 * Generators of hostile input for the bad-input run: strings, numbers and bodies built from the
 * JSON schemas of the OpenAPI document.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  minItems?: number;
  default?: unknown;
};

/** Hostile strings, each with a label for the report. */
export function badStrings(): Array<[string, string]> {
  return [
    ['NUL', 'a\u0000b'],
    ['lone surrogate', 'a\ud800b'],
    ['path traversal', '../../../etc/passwd'],
    ['SQL quote', "' OR '1'='1"],
    ['SQL statement', '1; DROP TABLE users; --'],
    ['SQL sleep', "x'); SELECT pg_sleep(5); --"],
    ['huge', 'x'.repeat(100_000)],
    ['empty', ''],
    ['percent and hash', '%zz#?&='],
    ['proto', '__proto__'],
    ['markup', '<script>alert(1)</script>'],
    ['unicode', 'müller 🌿 ﷽'],
  ];
}

/** Numbers as raw JSON text (NaN and Infinity are not JSON: the parser must refuse them). */
const BAD_NUMBERS: Array<[string, string]> = [
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['1e309', '1e309'],
  ['-1e309', '-1e309'],
  ['2^63', '9223372036854775808'],
  ['1e308', '1e308'],
  ['-1', '-1'],
  ['0.5', '0.5'],
];

const WRONG_TYPES: Array<[string, string]> = [
  ['number', '1'],
  ['string', '"1"'],
  ['boolean', 'true'],
  ['null', 'null'],
  ['array', '[1,"a",null]'],
  ['object', '{"a":1}'],
];

const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

/** A plausible value for a schema: required properties only, first variant, minimum values. */
export function exampleOf(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return exampleOf(variants.find((v) => v.type !== 'null') ?? variants[0]!);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) out[name] = exampleOf(schema.properties?.[name] ?? {});
      return out;
    }
    case 'array':
      return schema.items && (schema.minItems ?? 0) > 0 ? [exampleOf(schema.items)] : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      return 'abc';
    default:
      return schema.default ?? null;
  }
}

/** `body` as JSON with `field` set to a raw JSON text (which need not be valid JSON). */
function withRaw(body: Record<string, unknown>, field: string, raw: string): string {
  return JSON.stringify({ ...body, [field]: '\u0001RAW\u0001' }).replace('"\\u0001RAW\\u0001"', raw);
}

/** Hostile bodies for an operation: whole-body mistakes, then every property given wrong values. */
export function badBodies(schema: JsonSchema | undefined, example: unknown): Array<[string, string]> {
  const body = example !== null && typeof example === 'object' && !Array.isArray(example) ? (example as Record<string, unknown>) : {};
  const out: Array<[string, string]> = [
    ['empty', ''],
    ['invalid JSON', '{"a":'],
    ['array', '[]'],
    ['null', 'null'],
    ['string', '"x"'],
    ['unknown field', JSON.stringify({ ...body, zzUnknown: 1 })],
    ['__proto__', `{"__proto__":{"isAdmin":true},${JSON.stringify(body).slice(1)}`.replace(',}', '}')],
    ['constructor.prototype', JSON.stringify({ ...body, constructor: { prototype: { isAdmin: true } } })],
    ['10,000 levels', deep(10_000)],
    ['NUL key', JSON.stringify({ ...body, 'k\u0000': 1 })],
  ];
  const props = schema?.properties ?? {};
  for (const name of Object.keys(props)) {
    if (schema?.required?.includes(name)) {
      const { [name]: _, ...rest } = body;
      out.push([`${name} missing`, JSON.stringify(rest)]);
    }
    for (const [label, raw] of [...WRONG_TYPES, ...BAD_NUMBERS]) out.push([`${name}=${label}`, withRaw(body, name, raw)]);
    for (const [label, value] of badStrings()) out.push([`${name}=${label}`, withRaw(body, name, JSON.stringify(value))]);
    out.push([`${name}=10,000 levels`, withRaw(body, name, deep(10_000))]);
  }
  return out;
}
