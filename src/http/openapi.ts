import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * The OpenAPI 3 document is generated from the route schemas (so it cannot drift from the code),
 * served at /openapi.json, with a docs UI at /docs.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Laurel',
        version: '0.1.0',
        description:
          'Event-driven loyalty and gamification service. Paths are also served under /v0, /v1, /v2 and /v3 (the prefix is stripped). Errors have the body { statusCode, error, message, code }.',
      },
      servers: [{ url: '/' }, { url: '/v1' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'User or service JWT (sub, projectId, role)' },
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          adminToken: { type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN; project chosen by the x-project-id header' },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
