import type { FastifyRequest } from 'fastify';

/**
 * Hooks for routes whose body is optional: a request without a body is read as `{}`, so the body
 * schema (an object of optional fields) validates it instead of refusing `undefined`. "Without a
 * body" includes a request that declares `Content-Type: application/json` but sends 0 bytes
 * (several HTTP clients always set the header), which Fastify's JSON parser would refuse.
 * Use as route options: `{ schema, ...optionalBody }`.
 */
export async function emptyBodyAsObject(req: { body: unknown }): Promise<void> {
  if (req.body === undefined || req.body === null) req.body = {};
}

/** preParsing: a declared but empty body is no body (nothing for the content-type parser to read). */
export async function emptyContentAsNoBody(req: FastifyRequest): Promise<void> {
  const headers = req.raw.headers;
  const length = headers['content-length'];
  if ((length === undefined || length === '0') && headers['transfer-encoding'] === undefined) delete headers['content-type'];
}

export const optionalBody = { preParsing: emptyContentAsNoBody, preValidation: emptyBodyAsObject };
