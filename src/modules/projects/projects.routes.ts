import { Type } from 'typebox';
import type { App } from '../../app.js';
import { errors, ResourceId } from '../../http/schemas.js';

const Project = Type.Object({
  projectId: Type.String(),
  name: Type.String(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
const ProjectBody = Type.Object(
  { projectId: Type.Optional(ResourceId), name: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
const ProjectUpdate = Type.Object(
  { projectId: Type.Optional(ResourceId), name: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
const Params = Type.Object({ projectId: ResourceId });

/** /admin/project: projects (tenants). Above projects, so no x-project-id. */
export async function projectsRoutes(app: App): Promise<void> {
  const { projects } = app.services;
  const tags = ['admin: projects'];
  const config = { auth: 'adminGlobal' as const };
  const security = [{ adminToken: [] }];

  app.post('/admin/project', { config, schema: { tags, security, body: ProjectBody, response: { 201: Project, ...errors(400, 401, 409) } } }, async (req, reply) =>
    reply.status(201).send(await projects.create(req.body)),
  );
  app.get('/admin/project', { config, schema: { tags, security, response: { 200: Type.Array(Project), ...errors(401) } } }, () => projects.list());
  app.get('/admin/project/:projectId', { config, schema: { tags, security, params: Params, response: { 200: Project, ...errors(401, 404) } } }, (req) =>
    projects.get(req.params.projectId),
  );
  app.put('/admin/project/:projectId', { config, schema: { tags, security, params: Params, body: ProjectUpdate, response: { 200: Project, ...errors(400, 401, 404) } } }, (req) =>
    projects.update(req.params.projectId, req.body),
  );
  app.delete('/admin/project/:projectId', { config, schema: { tags, security, params: Params, response: { 204: Type.Null(), ...errors(400, 401, 404) } } }, async (req, reply) => {
    await projects.delete(req.params.projectId);
    return reply.status(204).send(null);
  });
}
