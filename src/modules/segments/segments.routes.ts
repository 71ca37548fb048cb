import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { errors } from '../../http/schemas.js';
import {
  CreateSegmentBody,
  SegmentCount,
  SegmentParams,
  SegmentUsersPage,
  SegmentUsersQuery,
  SegmentView,
  UpdateSegmentBody,
} from './segments.schemas.js';

/** The /admin/segment resource (issue 28 part 2, decisions 318–320): audiences that campaigns can name. */
export async function segmentsRoutes(app: App): Promise<void> {
  const { segments } = app.services;
  const tags = ['admin: segments'];
  const security = [{ adminToken: [] }];
  app.post(
    '/admin/segment',
    {
      schema: {
        operationId: 'createSegment',
        description:
          'Creates a segment: users for whom all (match all, the default) or any (match any) of its 1–20 rules hold. A rule is ' +
          '{ field, operator, value } with the operators of event conditions. 400 INVALID_SEGMENT_FIELD on a field of no known ' +
          'shape, INVALID_SEGMENT_RULE on an operator or value the field cannot take; 409 SEGMENT_EXISTS on a taken id.',
        tags,
        security,
        summary: 'Create a segment',
        body: CreateSegmentBody,
        response: { 201: SegmentView, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await segments.create(req.principal.projectId, req.body)),
  );
  app.get(
    '/admin/segment',
    {
      schema: {
        operationId: 'listSegments',
        description: "The project's segments by id.",
        tags,
        security,
        summary: 'List the segments',
        response: { 200: Type.Array(SegmentView), ...errors(401, 404) },
      },
    },
    (req) => segments.list(req.principal.projectId),
  );
  app.get(
    '/admin/segment/:segmentId',
    {
      schema: {
        operationId: 'getSegment',
        description: 'One segment.',
        tags,
        security,
        summary: 'Read a segment',
        params: SegmentParams,
        response: { 200: SegmentView, ...errors(400, 401, 404) },
      },
    },
    (req) => segments.get(req.principal.projectId, req.params.segmentId),
  );
  app.put(
    '/admin/segment/:segmentId',
    {
      schema: {
        operationId: 'updateSegment',
        description: 'Replaces a segment; campaigns that name it use the new rules from the next event on.',
        tags,
        security,
        summary: 'Replace a segment',
        params: SegmentParams,
        body: UpdateSegmentBody,
        response: { 200: SegmentView, ...errors(400, 401, 404) },
      },
    },
    (req) => segments.update(req.principal.projectId, req.params.segmentId, req.body),
  );
  app.delete(
    '/admin/segment/:segmentId',
    {
      schema: {
        operationId: 'deleteSegment',
        description: 'Deletes a segment. 409 SEGMENT_IN_USE while a campaign names it.',
        tags,
        security,
        summary: 'Delete a segment',
        params: SegmentParams,
        response: { 204: Type.Null(), ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => {
      await segments.remove(req.principal.projectId, req.params.segmentId);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/admin/segment/:segmentId/count',
    {
      schema: {
        operationId: 'countSegment',
        description:
          "How many of the project's live users are in the segment now. Every live user is evaluated, 500 at a time (a few " +
          'queries per 500 users): meant for an operator, not for a hot path.',
        tags,
        security,
        summary: 'Count a segment',
        params: SegmentParams,
        response: { 200: SegmentCount, ...errors(400, 401, 404) },
      },
    },
    (req) => segments.count(req.principal.projectId, req.params.segmentId),
  );
  app.get(
    '/admin/segment/:segmentId/users',
    {
      schema: {
        operationId: 'listSegmentUsers',
        description:
          'A page of the members now, by userId: the walk over the live users goes on from the cursor until `limit` members are ' +
          'found or the last user is reached (nextCursor null). 400 INVALID_CURSOR on a cursor this route did not give.',
        tags,
        security,
        summary: 'List the members of a segment',
        params: SegmentParams,
        querystring: SegmentUsersQuery,
        response: { 200: SegmentUsersPage, ...errors(400, 401, 404) },
      },
    },
    (req) => segments.users(req.principal.projectId, req.params.segmentId, req.query),
  );
}
