import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

function ajv(options: Options): Ajv {
  const instance = new Ajv({ strict: false, allErrors: false, useDefaults: true, removeAdditional: false, ...options });
  (addFormats as unknown as (a: Ajv) => void)(instance);
  return instance;
}

/**
 * Bodies are validated strictly: no type coercion, unknown properties rejected where a schema says
 * `additionalProperties: false` (Fastify's default would silently strip them). Query strings,
 * params and headers are text by nature, so they are coerced ("true" → true, "10" → 10).
 */
export function registerValidation(app: FastifyInstance): void {
  const strict = ajv({ coerceTypes: false });
  const coercing = ajv({ coerceTypes: 'array' });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const compiler = httpPart === 'body' ? strict : coercing;
    return compiler.compile(schema as FastifySchema & object);
  });
}
