import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

function ajv(options: Options): Ajv {
  // strictNumbers: `1e309` parses to Infinity, which ajv would otherwise take as an integer.
  const instance = new Ajv({ strict: false, strictNumbers: true, allErrors: false, useDefaults: true, removeAdditional: false, ...options });
  (addFormats as unknown as (a: Ajv) => void)(instance);
  addShapeKeywords(instance);
  return instance;
}

/**
 * Bodies are validated strictly: no type coercion, unknown properties rejected where a schema says
 * `additionalProperties: false` (Fastify's default would silently strip them). Query strings,
 * params and headers are text by nature, so they are coerced ("true" → true, "10" → 10).
 */
const strict = ajv({ coerceTypes: false });

/**
 * A validator of one part of a body with the same rules as every route's body (strict, no
 * coercion): returns null when `value` is valid, else a message naming the field under `path`,
 * as Fastify names body fields (`events/3/eventId must match pattern …`).
 */
export function bodyPartValidator(schema: object): (value: unknown, path: string) => string | null {
  const validate = strict.compile(schema);
  return (value, path) => {
    if (validate(value)) return null;
    const e = validate.errors?.[0];
    return `${path}${e?.instancePath ?? ''} ${e?.message ?? 'is invalid'}`;
  };
}

export function registerValidation(app: FastifyInstance): void {
  const coercing = ajv({ coerceTypes: 'array' });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const compiler = httpPart === 'body' ? strict : coercing;
    return compiler.compile(schema as FastifySchema & object);
  });
}

/**
 * Two keywords for free-form values (coupon and redemption metadata): `maxDepth` (levels of
 * nesting below the value) and `maxJsonBytes` (size of the value as JSON). Both are checked
 * without recursion.
 */
function addShapeKeywords(instance: Ajv): void {
  const keyword = (name: string, measure: (data: unknown) => number, says: (max: number) => string) => {
    const validate: DataValidateFunction = (max, data) => {
      if (measure(data) <= (max as number)) return true;
      validate.errors = [{ keyword: name, message: says(max as number), params: { limit: max } }];
      return false;
    };
    instance.addKeyword({ keyword: name, schemaType: 'number', errors: true, validate });
  };
  keyword('maxDepth', depthOf, (max) => `must not be nested more than ${max} levels deep`);
  keyword('maxJsonBytes', (data) => Buffer.byteLength(JSON.stringify(data) ?? ''), (max) => `must not be larger than ${max} bytes as JSON`);
}

type DataValidateFunction = ((schema: unknown, data: unknown) => boolean) & { errors?: Array<{ keyword: string; message: string; params: Record<string, unknown> }> };

/** Levels of objects and arrays below `root` ({} is 0, { a: {} } is 1). */
export function depthOf(root: unknown): number {
  let deepest = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    deepest = Math.max(deepest, depth);
    for (const item of Object.values(value)) if (item !== null && typeof item === 'object') stack.push({ value: item, depth: depth + 1 });
  }
  return deepest;
}
