/**
 * JSON text of a value with the keys of every object sorted, so two bodies that are the same JSON
 * value (keys in another order, other whitespace) give the same text. Array order is kept: it is
 * part of the value. Used by the Idempotency-Key check to compare request bodies.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
  return out;
}
