import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text built earlier (e.g. a cached leaderboard page) as it is, without serializing it
 * again against the route's response schema. The text must be what that schema describes.
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}
