import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Platform } from '../platform/platform.js';

/**
 * The Fastify instance every route module registers on: TypeBox types the handlers from the route
 * schemas. Its own module, so route modules depend on this type and never on app.ts (which imports them).
 * `app.services` is declared beside the services (src/services.ts): a route module importing that type
 * here would close an import circle (services.ts → a module's index.ts → its routes → this file).
 */
export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, TypeBoxTypeProvider>;

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}
