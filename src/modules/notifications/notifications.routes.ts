import { Type } from 'typebox';
import type { App } from '../../http/app-type.js';
import { assertActsFor } from '../../http/auth/principal.js';
import { AppError } from '../../http/errors.js';
import { optionalBody } from '../../http/empty-body.js';
import { errors, Message, UserId } from '../../http/schemas.js';
import { SECTIONS, type Section } from './unseen-flags.js';

const Params = Type.Object({ userId: UserId });
const OverviewBody = Type.Object(
  { screenId: Type.String({ description: 'rewards, challenges, surveys or achievements' }) },
  { additionalProperties: false },
);
const ChangeBody = Type.Object(
  {
    resetChallenges: Type.Optional(Type.Boolean()),
    resetRewards: Type.Optional(Type.Boolean()),
    resetSurveys: Type.Optional(Type.Boolean()),
    resetAchievements: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const Overview = Type.Object({
  userId: Type.String(),
  hasUnseenChallenges: Type.Boolean(),
  hasUnseenRewards: Type.Boolean(),
  hasUnseenSurveys: Type.Boolean(),
  hasUnseenAchievements: Type.Boolean({ description: 'An achievement level unlocked after the achievements marker' }),
});

/** The three notification endpoints: read the flags, mark a section seen, clear markers. */
export async function notificationsRoutes(app: App): Promise<void> {
  const { notifications } = app.services;
  const tags = ['notifications'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/user/:userId/notifications/overview',
    {
      schema: {
        operationId: 'getNotificationOverview',
        description: 'For each section (rewards, challenges, surveys, achievements): whether something changed since the user last looked.',
        tags,
        security,
        summary: 'Which sections hold unseen items',
        params: Params,
        response: { 200: Overview, ...errors(400, 401, 403, 404) },
      },
    },
    (req) => {
      assertActsFor(req.principal, req.params.userId);
      return notifications.overview(req.principal.projectId, req.params.userId);
    },
  );

  app.put(
    '/user/:userId/notifications/overview',
    {
      schema: {
        operationId: 'markSectionSeen',
        description: 'Records that the user has looked at a section now.',
        tags,
        security,
        summary: 'Mark a section (rewards, challenges, surveys, achievements) as seen now',
        params: Params,
        body: OverviewBody,
        response: { 200: Message, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      assertActsFor(req.principal, req.params.userId);
      const section = req.body.screenId as Section;
      if (!SECTIONS.includes(section))
        throw AppError.of('INVALID_SCREEN_ID', 'screenId must be rewards, challenges, surveys or achievements');
      await notifications.markSeen(req.principal.projectId, req.params.userId, section);
      return { message: `Section ${section} marked as seen` };
    },
  );

  app.put(
    '/user/:userId/notifications/change',
    {
      schema: {
        operationId: 'changeNotificationMarkers',
        description: "Clears the user's last-viewed markers; a section given as true counts as unseen again.",
        tags,
        security,
        summary: 'Clear last-viewed markers (a true flag makes its section count as unseen again)',
        params: Params,
        body: ChangeBody,
        response: { 200: Message, ...errors(400, 401, 403, 404) },
      },
      ...optionalBody,
    },
    async (req) => {
      assertActsFor(req.principal, req.params.userId);
      const body = req.body;
      const sections: Section[] = [];
      if (body.resetChallenges === true) sections.push('challenges');
      if (body.resetRewards === true) sections.push('rewards');
      if (body.resetSurveys === true) sections.push('surveys');
      if (body.resetAchievements === true) sections.push('achievements');
      await notifications.clearMarkers(req.principal.projectId, req.params.userId, sections);
      return { message: sections.length === 0 ? 'Nothing to reset' : `Reset ${sections.join(', ')}` };
    },
  );
}
