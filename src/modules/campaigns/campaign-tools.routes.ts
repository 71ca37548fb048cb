import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { errors } from '../../http/schemas.js';
import { BackfillBody, BackfillStarted, SimulateBody, SimulationResult } from './campaign-tools.schemas.js';
import { CampaignId } from './campaigns.schemas.js';

/** The preview and the backfill of campaigns (issue 28, decisions 321–322). */
export async function campaignToolsRoutes(app: App): Promise<void> {
  const { campaignSimulation, campaignBackfill } = app.services;
  const tags = ['admin: campaigns'];
  const security = [{ adminToken: [] }];
  app.post(
    '/admin/campaign/simulate',
    {
      schema: {
        operationId: 'simulateCampaign',
        description:
          "Replays the project's stored events with a timestamp in [from, to) (their points as paid then) against a draft " +
          'campaign alone, in time order, and answers what it would have paid: nothing is written. The draft has the create ' +
          "body's shape and is checked alike; it is taken as ACTIVE with [from, to) as its window; its events, conditions, " +
          'effect and budgets apply, the budgets running out as they would have. A draft paying another currency pays only ' +
          'its bonus (stored events keep only their points). 400 INVALID_RANGE (to not after from), PERIOD_TOO_LONG (over 366 ' +
          'days, or more than 1,000,000 events in the period), or as create (INVALID_DATES, INVALID_EFFECT, UNKNOWN_CURRENCY).',
        tags,
        security,
        summary: 'Preview what a draft campaign would have paid',
        body: SimulateBody,
        response: { 200: SimulationResult, ...errors(400, 401, 404) },
      },
    },
    (req) => campaignSimulation.simulate(req.principal.projectId, req.body),
  );
  app.post(
    '/admin/campaign/:campaignId/backfill',
    {
      schema: {
        operationId: 'backfillCampaign',
        description:
          "Applies the campaign to the project's stored events with a timestamp in [from, to) and in its window, as a durable " +
          'job (202; progress at GET /admin/job/{jobId}, `processed` = stored events read). Each event is paid at most once ' +
          'per campaign, whatever the retries or a second backfill of an overlapping period, and not when the campaign paid ' +
          'it at event time; payments are CAMPAIGN entries at the event’s time, within the campaign’s budgets, of this ' +
          'campaign alone (other campaigns are not stacked). 400 INVALID_RANGE or PERIOD_TOO_LONG (over 366 days); 404 CAMPAIGN_NOT_FOUND.',
        tags,
        security,
        summary: 'Backfill a campaign over past events',
        params: Type.Object({ campaignId: CampaignId }),
        body: BackfillBody,
        response: { 202: BackfillStarted, ...errors(400, 401, 404) },
      },
    },
    async (req, reply) =>
      reply.status(202).send({ jobId: await campaignBackfill.start(req.principal.projectId, req.params.campaignId, req.body) }),
  );
}
