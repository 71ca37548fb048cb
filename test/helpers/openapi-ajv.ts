import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

/** JSON Schema (Ajv's draft) of an OpenAPI 3.0 schema: the flag form of exclusiveMinimum/Maximum back to numbers. */
function asJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = asJsonSchema(v);
  for (const [bound, flag] of [
    ['minimum', 'exclusiveMinimum'],
    ['maximum', 'exclusiveMaximum'],
  ] as const) {
    if (out[flag] === true) {
      out[flag] = out[bound];
      delete out[bound];
    } else if (out[flag] === false) delete out[flag];
  }
  return out;
}

/**
 * Validators of the schemas of a served OpenAPI 3.0 document (its `nullable`, its `$ref`s into
 * components), by JSON pointer: `validatorOf('/paths/~1event/post/responses/200/content/application~1json/schema')`.
 */
export function openApiValidators(doc: object): (pointer: string) => ValidateFunction {
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  ajv.addSchema(asJsonSchema(doc) as object, 'openapi');
  const cache = new Map<string, ValidateFunction>();
  return (pointer) => {
    let v = cache.get(pointer);
    if (!v) cache.set(pointer, (v = ajv.compile({ $ref: `openapi#${pointer}` })));
    return v;
  };
}

/** A JSON pointer segment. */
export const seg = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
