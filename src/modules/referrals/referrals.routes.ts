import type { App } from '../../http/app-type.js';
import { errors } from '../../http/schemas.js';
import {
  JoinReferralBody,
  Referral,
  ReferralIdParams,
  ReferralListQuery,
  ReferralPage,
  ReferralProgramme,
  ReferralProgrammeBody,
  ReferralUserParams,
  UserReferral,
} from './referrals.schemas.js';

/** The user's referral (code and counts, entering a code) and the /admin/referral resources (decision 310). */
export async function referralsRoutes(app: App): Promise<void> {
  const { referrals } = app.services;
  const user = {
    tags: ['referrals'],
    security: [{ bearerAuth: [] as string[] }, { apiKey: [] as string[] }] as Array<Record<string, string[]>>,
  };
  const admin = { tags: ['admin: referrals'], security: [{ adminToken: [] }] };
  app.get(
    '/user/:userId/referral',
    {
      schema: {
        operationId: 'getUserReferral',
        description:
          "The user's code (made on first read: 8 letters and digits without 0/O/1/I/L, unique in the project, stable), the " +
          'referrer whose code the user entered, and how many it invited, how many qualified and what its rewards paid.',
        ...user,
        summary: "The user's referral code and counts",
        params: ReferralUserParams,
        response: { 200: UserReferral, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => referrals.userReferral(req.principal, req.params.userId),
  );
  app.post(
    '/user/:userId/referral',
    {
      schema: {
        operationId: 'joinReferral',
        description:
          'The referee enters a code, once, within `codeDays` of joining and before its first qualifying event. Refusals (400): ' +
          'REFERRAL_PROGRAMME_INACTIVE, REFERRAL_WINDOW_CLOSED, REFERRAL_CODE_UNKNOWN, REFERRAL_OWN_CODE, REFERRAL_ALREADY_JOINED, ' +
          'REFERRAL_CYCLE (the owner was referred by this user), REFERRAL_AFTER_QUALIFYING. A `fingerprint` seen on the referrer ' +
          'or another of its referees makes the referral `flagged`.',
        ...user,
        summary: 'Enter a referral code',
        params: ReferralUserParams,
        body: JoinReferralBody,
        response: { 201: Referral, ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => reply.status(201).send(await referrals.join(req.principal, req.params.userId, req.body)),
  );
  app.get(
    '/admin/referral-programme',
    {
      schema: {
        operationId: 'getReferralProgramme',
        description: "The project's referral programme (INACTIVE with defaults until it is set).",
        ...admin,
        summary: 'Read the referral programme',
        response: { 200: ReferralProgramme, ...errors(401, 404) },
      },
    },
    (req) => referrals.getProgramme(req.principal.projectId),
  );
  app.put(
    '/admin/referral-programme',
    {
      schema: {
        operationId: 'putReferralProgramme',
        description:
          'Sets the whole programme: the qualifying event (it must be defined, 400 UNKNOWN_EVENT), the rewards (any currency of ' +
          'the project, 400 UNKNOWN_CURRENCY), the referrer cap and `codeDays`. Referrals already qualified keep what they paid.',
        ...admin,
        summary: 'Set the referral programme',
        body: ReferralProgrammeBody,
        response: { 200: ReferralProgramme, ...errors(400, 401, 404) },
      },
    },
    (req) => referrals.putProgramme(req.principal.projectId, req.body),
  );
  app.get(
    '/admin/referral',
    {
      schema: {
        operationId: 'listReferrals',
        description: "The project's referrals, newest first, optionally of one status, paged by cursor.",
        ...admin,
        summary: 'List referrals',
        querystring: ReferralListQuery,
        response: { 200: ReferralPage, ...errors(400, 401, 404) },
      },
    },
    (req) => referrals.list(req.principal.projectId, req.query),
  );
  for (const [action, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    app.post(
      `/admin/referral/:id/${action}`,
      {
        schema: {
          operationId: `${action}Referral`,
          description: approve
            ? 'Approves a flagged referral: when its qualifying event has happened it pays both sides now (once), else it waits for it.'
            : 'Rejects a flagged referral: it never pays. 409 REFERRAL_NOT_FLAGGED for a referral that is not flagged.',
          ...admin,
          summary: approve ? 'Approve a flagged referral' : 'Reject a flagged referral',
          params: ReferralIdParams,
          response: { 200: Referral, ...errors(400, 401, 404, 409) },
        },
      },
      (req) => referrals.review(req.principal.projectId, req.params.id, approve),
    );
  }
}
