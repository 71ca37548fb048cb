import { Ajv, type ErrorObject, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

function ajv(options: Options): Ajv {
  // strictNumbers: `1e309` parses to Infinity, which ajv would otherwise take as an integer.
  const instance = new Ajv({
    strict: false,
    strictNumbers: true,
    allErrors: false,
    useDefaults: true,
    removeAdditional: false,
    ...options,
  });
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
    return validate.errors?.length ? firstErrorMessage(validate.errors, path) : `${path} is invalid`;
  };
}

/**
 * The message of a schema error, naming the field as a path under the request part
 * (`body/reward/default must be integer`). Ajv's own words are kept, with what it leaves out added:
 * the allowed values of an enum and the name of an unknown field.
 */
export function validationMessage(error: SchemaError, dataVar: string): string {
  const path = `${dataVar}${error.instancePath}`;
  const message = error.message ?? 'is invalid';
  switch (error.keyword) {
    case 'enum':
      return `${path} must be one of the allowed values: ${(error.params.allowedValues as unknown[]).map(shown).join(', ')}`;
    case 'const':
      return `${path} must be ${shown(error.params.allowedValue)}`;
    case 'additionalProperties':
      return `${path} must NOT have additional properties: '${String(error.params.additionalProperty)}' is not a known field`;
    default:
      return `${path} ${message}`;
  }
}

function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

type SchemaError = Pick<ErrorObject, 'keyword' | 'instancePath' | 'params' | 'message'> & { schemaPath?: string };

/**
 * Fastify's schemaErrorFormatter: the first error (validation stops there), in our words. A union of
 * literals (TypeBox's enums) fails as one error per branch and then `anyOf`: those are read together,
 * as the allowed values ("must be one of the allowed values: A, B") or types ("must be string or null").
 */
export function schemaErrorFormatter(errors: SchemaError[], dataVar: string): Error {
  return new Error(errors.length > 0 ? firstErrorMessage(errors, dataVar) : `${dataVar} is invalid`);
}

function firstErrorMessage(errors: SchemaError[], dataVar: string): string {
  const union = errors.find((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  if (union?.schemaPath) {
    const branches = errors.filter((e) => e !== union && e.schemaPath?.startsWith(`${union.schemaPath}/`));
    const flat =
      branches.length > 0 && branches.every((e) => e.instancePath === union.instancePath && ['const', 'enum', 'type'].includes(e.keyword));
    if (flat) {
      const path = `${dataVar}${union.instancePath}`;
      const values = branches.flatMap((e) =>
        e.keyword === 'const' ? [e.params.allowedValue] : e.keyword === 'enum' ? (e.params.allowedValues as unknown[]) : [],
      );
      if (values.length === branches.length || branches.every((e) => e.keyword !== 'type')) {
        return `${path} must be one of the allowed values: ${values.map(shown).join(', ')}`;
      }
      const words = branches.flatMap((e) =>
        e.keyword === 'type'
          ? [String(e.params.type)]
          : e.keyword === 'const'
            ? [shown(e.params.allowedValue)]
            : (e.params.allowedValues as unknown[]).map(shown),
      );
      return `${path} must be ${words.join(' or ')}`;
    }
  }
  return validationMessage(errors[0]!, dataVar);
}

/**
 * Query strings, params and headers. Both instances live as long as the process: Ajv keeps what it
 * compiled by schema object, so every app built in it shares the validators of the route schemas.
 */
const coercing = ajv({ coerceTypes: 'array' });

export function registerValidation(app: FastifyInstance): void {
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
  keyword(
    'maxJsonBytes',
    (data) => Buffer.byteLength(JSON.stringify(data) ?? ''),
    (max) => `must not be larger than ${max} bytes as JSON`,
  );
}

type DataValidateFunction = ((schema: unknown, data: unknown) => boolean) & {
  errors?: Array<{ keyword: string; message: string; params: Record<string, unknown> }>;
};

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
