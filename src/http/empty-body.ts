/**
 * preValidation hook for routes whose body is optional: a request without a body is read as `{}`,
 * so the body schema (an object of optional fields) validates it instead of refusing `undefined`.
 */
export async function emptyBodyAsObject(req: { body: unknown }): Promise<void> {
  if (req.body === undefined || req.body === null) req.body = {};
}
