import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { errors } from '../../http/schemas.js';
import { CampaignId, CampaignView, CreateCampaignBody, UpdateCampaignBody } from './campaigns.schemas.js';

const Params = Type.Object({ campaignId: CampaignId });

/** The /admin/campaign resource (issue 28, decision 316): promotions paid at event time. */
export async function campaignsRoutes(app: App): Promise<void> {
  const { campaigns } = app.services;
  const tags = ['admin: campaigns'];
  const security = [{ adminToken: [] }];
  app.post(
    '/admin/campaign',
    {
      schema: {
        operationId: 'createCampaign',
        description:
          'Creates a campaign: from startAt to endAt (event timestamps), events of the ids it names (all when none) whose metadata ' +
          "meets its conditions earn extra in its currency: (multiplier − 1) × the event's own reward, plus a bonus, cut to what " +
          'its budgets leave. A higher priority goes first; when an exclusive campaign applies, the highest-priority exclusive one ' +
          'is the only campaign paid. With a segmentId, only users in that segment just before the event are paid. 400 ' +
          'INVALID_DATES, INVALID_EFFECT, UNKNOWN_CURRENCY or UNKNOWN_SEGMENT; 409 CAMPAIGN_EXISTS on a taken id.',
        tags,
        security,
        summary: 'Create a campaign',
        body: CreateCampaignBody,
        response: { 201: CampaignView, ...errors(400, 401, 404, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await campaigns.create(req.principal.projectId, req.body)),
  );
  app.get(
    '/admin/campaign',
    {
      schema: {
        operationId: 'listCampaigns',
        description: "The project's campaigns by id, each with what it has paid so far and what is left of its total budget.",
        tags,
        security,
        summary: 'List the campaigns',
        response: { 200: Type.Array(CampaignView), ...errors(401, 404) },
      },
    },
    (req) => campaigns.list(req.principal.projectId),
  );
  app.get(
    '/admin/campaign/:campaignId',
    {
      schema: {
        operationId: 'getCampaign',
        description: 'One campaign, with what it has paid so far.',
        tags,
        security,
        summary: 'Read a campaign',
        params: Params,
        response: { 200: CampaignView, ...errors(400, 401, 404) },
      },
    },
    (req) => campaigns.get(req.principal.projectId, req.params.campaignId),
  );
  app.put(
    '/admin/campaign/:campaignId',
    {
      schema: {
        operationId: 'updateCampaign',
        description: 'Replaces a campaign; what it has paid stays (a smaller budget than spent pays nothing more).',
        tags,
        security,
        summary: 'Replace a campaign',
        params: Params,
        body: UpdateCampaignBody,
        response: { 200: CampaignView, ...errors(400, 401, 404) },
      },
    },
    (req) => campaigns.update(req.principal.projectId, req.params.campaignId, req.body),
  );
  app.delete(
    '/admin/campaign/:campaignId',
    {
      schema: {
        operationId: 'deleteCampaign',
        description: 'Deletes a campaign and its spend; what it paid stays in the users’ history.',
        tags,
        security,
        summary: 'Delete a campaign',
        params: Params,
        response: { 204: Type.Null(), ...errors(400, 401, 404) },
      },
    },
    async (req, reply) => {
      await campaigns.remove(req.principal.projectId, req.params.campaignId);
      return reply.status(204).send(null);
    },
  );
}
