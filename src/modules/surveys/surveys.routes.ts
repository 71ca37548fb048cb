import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { assertActsFor } from '../../http/auth/principal.js';
import { AppError } from '../../http/errors.js';
import { errors, ResourceId, UserId } from '../../http/schemas.js';
import { AdminSurvey, Answered, AnswerBody, Survey, SurveyBody } from './surveys.schemas.js';

const Params = Type.Object({ surveyId: ResourceId });

/** The user's open surveys and answers, and the /admin/survey resource. */
export async function surveysRoutes(app: App): Promise<void> {
  const { surveys } = app.services;
  const tags = ['surveys'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/user/:userId/survey',
    {
      schema: {
        operationId: 'listUserSurveys',
        description: 'The active surveys the user has not answered yet.',
        tags,
        security,
        summary: 'Active surveys the user has not answered',
        params: Type.Object({ userId: UserId }),
        response: { 200: Type.Array(Survey), ...errors(400, 401, 403, 404) },
      },
    },
    (req) => {
      assertActsFor(req.principal, req.params.userId);
      return surveys.available(req.principal.projectId, req.params.userId);
    },
  );

  app.put(
    '/user/:userId/survey/:surveyId',
    {
      schema: {
        operationId: 'answerSurvey',
        description: "Records the user's answer (one per user and survey) and credits the survey's points, if any.",
        tags,
        security,
        summary: 'Answer a survey (once); may award points',
        params: Type.Object({ userId: UserId, surveyId: Type.String({ minLength: 1, maxLength: 128 }) }),
        body: AnswerBody,
        response: { 201: Answered, ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const { userId, surveyId } = req.params;
      assertActsFor(req.principal, userId);
      assertActsFor(req.principal, req.body.userId);
      if (req.body.userId !== userId) throw AppError.of('USER_MISMATCH', 'userId in the body must equal the path');
      if (req.body.surveyId !== surveyId) throw AppError.of('SURVEY_MISMATCH', 'surveyId in the body must equal the path');
      const pointsAwarded = await surveys.answer(req.principal.projectId, userId, surveyId, req.body.responses);
      return reply.status(201).send({ message: 'Survey answered', surveyId, userId, pointsAwarded });
    },
  );

  const adminTags = ['admin: surveys'];
  const adminSecurity = [{ adminToken: [] }];
  app.post(
    '/admin/survey',
    {
      schema: {
        operationId: 'createSurvey',
        summary: 'Create a survey',
        description: 'Creates a survey: questions, options, validity and the points an answer earns.',
        tags: adminTags,
        security: adminSecurity,
        body: SurveyBody,
        response: { 201: AdminSurvey, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await surveys.create(req.principal.projectId, req.body)),
  );
  app.get(
    '/admin/survey',
    {
      schema: {
        operationId: 'listSurveys',
        summary: 'List surveys',
        description: "The project's surveys.",
        tags: adminTags,
        security: adminSecurity,
        response: { 200: Type.Array(AdminSurvey), ...errors(401, 404) },
      },
    },
    (req) => surveys.list(req.principal.projectId),
  );
  app.get(
    '/admin/survey/:surveyId',
    {
      schema: {
        operationId: 'getSurvey',
        description: 'One survey of the project, with how often each option was chosen.',
        tags: adminTags,
        security: adminSecurity,
        summary: 'A survey with its answers counted per option',
        params: Params,
        response: { 200: AdminSurvey, ...errors(400, 401, 404) },
      },
    },
    (req) => surveys.get(req.principal.projectId, req.params.surveyId),
  );
  app.put(
    '/admin/survey/:surveyId',
    {
      schema: {
        operationId: 'updateSurvey',
        summary: 'Update a survey',
        description: 'Replaces a survey; answers already given stay.',
        tags: adminTags,
        security: adminSecurity,
        params: Params,
        body: SurveyBody,
        response: { 200: AdminSurvey, ...errors(400, 401, 404) },
      },
    },
    (req) => surveys.update(req.principal.projectId, req.params.surveyId, req.body),
  );
  app.delete(
    '/admin/survey/:surveyId',
    {
      schema: {
        operationId: 'deleteSurvey',
        summary: 'Delete a survey',
        description: 'Deletes a survey and its answers.',
        tags: adminTags,
        security: adminSecurity,
        params: Params,
        response: { 204: Type.Null(), ...errors(400, 401, 404) },
      },
    },
    async (req, reply) => {
      await surveys.delete(req.principal.projectId, req.params.surveyId);
      return reply.status(204).send(null);
    },
  );
}
