import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { errors, ResourceId } from '../../http/schemas.js';

const TierWindow = Type.Object(
  { months: Type.Integer({ minimum: 1, maximum: 120 }) },
  {
    additionalProperties: false,
    description: 'A tier is computed from the points earned in the last `months` calendar months (default 12)',
  },
);
const TierGraceMonths = Type.Integer({
  minimum: 0,
  maximum: 24,
  description: 'Monthly checks a user keeps a tier while falling short of it (default 1)',
});
const PointsExpiry = Type.Union(
  [
    Type.Object(
      {
        afterDays: Type.Integer({
          minimum: 1,
          maximum: 3650,
          description: 'Points expire at the end of the UTC day this many days after the day they entered the balance',
        }),
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ],
  {
    description:
      'Points expiry (null: points do not expire; the default). Switching it on starts the clock of points earned before on that day.',
  },
);
const AutoCreateUsers = Type.Boolean({
  description:
    'true: POST /event and POST /events create a user they do not know, in the same write (no POST /user first); ' +
    'false (the default): an unknown user is refused with 404 USER_NOT_FOUND',
});
const UserEventMaxAgeHours = Type.Integer({
  minimum: 0,
  maximum: 720,
  description:
    "How many hours back an event sent with an end user's own token may be dated (default 72; 0: no offline events " +
    'from user tokens). Older: 400 TIMESTAMP_TOO_OLD. Service tokens and API keys keep the 30-day window.',
});
const TierCurrency = Type.String({
  pattern: '^[A-Za-z0-9_-]{1,64}$',
  description:
    'The currency whose earnings decide tiers (default `points`): a currency of the project (else 400 UNKNOWN_CURRENCY). ' +
    'An XP that is never spent makes tiers independent of spending.',
});
const Project = Type.Object({
  projectId: Type.String(),
  name: Type.String(),
  tierWindow: TierWindow,
  tierGraceMonths: TierGraceMonths,
  tierCurrency: TierCurrency,
  pointsExpiry: PointsExpiry,
  autoCreateUsers: AutoCreateUsers,
  userEventMaxAgeHours: UserEventMaxAgeHours,
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
const ProjectBody = Type.Object(
  { projectId: Type.Optional(ResourceId), name: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
const ProjectUpdate = Type.Object(
  {
    projectId: Type.Optional(ResourceId),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    tierWindow: Type.Optional(TierWindow),
    tierGraceMonths: Type.Optional(TierGraceMonths),
    tierCurrency: Type.Optional(TierCurrency),
    pointsExpiry: Type.Optional(PointsExpiry),
    autoCreateUsers: Type.Optional(AutoCreateUsers),
    userEventMaxAgeHours: Type.Optional(UserEventMaxAgeHours),
  },
  { additionalProperties: false, description: 'The name, and the settings to change (an omitted setting keeps its value)' },
);
const Params = Type.Object({ projectId: ResourceId });
const DeletionStarted = Type.Object({ message: Type.String(), projectId: Type.String(), jobId: Type.String() });

/** /admin/project: projects (tenants). Above projects, so no x-project-id. */
export async function projectsRoutes(app: App): Promise<void> {
  const { projects, projectDeletion } = app.services;
  const tags = ['admin: projects'];
  const config = { auth: 'adminGlobal' as const };
  const security = [{ adminToken: [] }];

  app.post(
    '/admin/project',
    {
      config,
      schema: {
        operationId: 'createProject',
        summary: 'Create a project',
        description: 'Creates a project (a tenant with its own users, programme and keys). Admin token only. 409 when the id is taken.',
        tags,
        security,
        body: ProjectBody,
        response: { 201: Project, ...errors(400, 401, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await projects.create(req.body)),
  );
  app.get(
    '/admin/project',
    {
      config,
      schema: {
        operationId: 'listProjects',
        summary: 'List projects',
        description: 'Every project of this installation. Admin token only.',
        tags,
        security,
        response: { 200: Type.Array(Project), ...errors(401) },
      },
    },
    () => projects.list(),
  );
  app.get(
    '/admin/project/:projectId',
    {
      config,
      schema: {
        operationId: 'getProject',
        summary: 'Get a project',
        description: 'One project with its settings. Admin token only.',
        tags,
        security,
        params: Params,
        response: { 200: Project, ...errors(401, 404) },
      },
    },
    (req) => projects.get(req.params.projectId),
  );
  app.put(
    '/admin/project/:projectId',
    {
      config,
      schema: {
        operationId: 'updateProject',
        summary: 'Update a project',
        description: "Replaces the project's name and settings. Admin token only.",
        tags,
        security,
        params: Params,
        body: ProjectUpdate,
        response: { 200: Project, ...errors(400, 401, 404) },
      },
    },
    (req) => projects.update(req.params.projectId, req.body),
  );
  app.delete(
    '/admin/project/:projectId',
    {
      config,
      schema: {
        operationId: 'deleteProject',
        summary: 'Delete a project and all its data (a background job; watch it at GET /admin/job/{jobId})',
        description:
          'Starts the deletion of a project: 202 with the job. From then on the project does not exist for any request (its ' +
          'tokens and API keys get 401, its x-project-id 404) and its id cannot be created again (409 PROJECT_BEING_DELETED); ' +
          'the job removes every row and every Redis key of the project, and then the project. A second DELETE while it runs ' +
          'answers the same job. The default project cannot be deleted (400). Admin token only.',
        tags,
        security,
        params: Params,
        response: { 202: DeletionStarted, ...errors(400, 401, 404) },
      },
    },
    async (req, reply) => {
      const { jobId } = await projectDeletion.start(req.params.projectId);
      return reply.status(202).send({ message: 'Project deletion started', projectId: req.params.projectId, jobId });
    },
  );
}
