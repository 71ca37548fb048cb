import { Type, type TSchema } from 'typebox';

/**
 * The message types Laurel sends, each with the schema of its `data` (docs/webhooks.md; the same
 * schemas are in the OpenAPI document's components as `Webhook<Type>`). Every `data` has
 * `projectId`.
 */
const ms = (description: string) => Type.Integer({ description: `${description} (Unix ms)` });
const projectId = Type.String({ description: 'The project the message belongs to' });
const userId = Type.String();

export const WEBHOOK_DATA = {
  'points.changed': Type.Object(
    {
      projectId,
      userId,
      entryType: Type.String({
        description:
          'EVENT, CHALLENGE, STREAK, SURVEY, REDEMPTION, ADJUSTMENT, SEASON, REVERSAL, EXPIRY, ACHIEVEMENT, REFERRAL or CAMPAIGN ' +
          '(an EVENT whose pending points became available is sent again with them)',
      }),
      sourceId: Type.String({ description: 'The eventId, challengeId, streakId, surveyId, offerId or adjustment id' }),
      currency: Type.String({ description: 'The currency of the entry (`points`, or another currency of the project)' }),
      points: Type.Number({ description: 'Points of the ledger entry (negative for spending)' }),
      balance: Type.Number({ description: 'The balance of that currency after the entry' }),
      occurredAt: ms('Effective time of the entry (an offline event: its timestamp)'),
    },
    { description: 'A ledger entry: every change of a balance, including entries of 0 points' },
  ),
  'challenge.completed': Type.Object(
    {
      projectId,
      userId,
      challengeId: Type.String(),
      eventId: Type.String(),
      progress: Type.Number(),
      goal: Type.Number(),
      pointsAwarded: Type.Number(),
      completedAt: ms('When it was completed'),
    },
    { description: 'A user completed a challenge (once per user and challenge)' },
  ),
  'streak.milestone_reached': Type.Object(
    {
      projectId,
      userId,
      streakId: Type.String(),
      milestones: Type.Array(Type.Integer(), { description: 'Milestone counts reached by this event' }),
      currentCount: Type.Integer(),
      pointsAwarded: Type.Number(),
    },
    { description: 'A streak reached one or more milestones' },
  ),
  'achievement.unlocked': Type.Object(
    {
      projectId,
      userId,
      achievementId: Type.String(),
      level: Type.Integer({ description: 'The level unlocked (1 for an achievement without levels)' }),
      pointsAwarded: Type.Number({ description: 'Points the unlock paid (0: none, or a backfill without backfillPoints)' }),
      unlockedAt: ms('When it was unlocked (a backfill: when the stored data says the level was met)'),
      backfilled: Type.Boolean({ description: 'Awarded by the backfill of a new or changed achievement' }),
    },
    { description: 'A user unlocked a level of an achievement (once per user, achievement and level)' },
  ),
  'referral.joined': Type.Object(
    {
      projectId,
      userId,
      referralId: Type.String(),
      referrerId: Type.String({ description: 'The owner of the code' }),
      refereeId: Type.String({ description: 'The user who entered it (also `userId`)' }),
      status: Type.String({ description: '`pending`, or `flagged` (a `referral.flagged` follows)' }),
    },
    { description: 'A referee entered a referral code' },
  ),
  'referral.flagged': Type.Object(
    {
      projectId,
      userId,
      referralId: Type.String(),
      referrerId: Type.String(),
      refereeId: Type.String(),
      reason: Type.String(),
    },
    {
      description:
        'A referral was flagged (its fingerprint was seen on the referrer or another of its referees): it pays only once approved',
    },
  ),
  'referral.qualified': Type.Object(
    {
      projectId,
      userId,
      referralId: Type.String(),
      referrerId: Type.Union([Type.String(), Type.Null()]),
      refereeId: Type.Union([Type.String(), Type.Null()]),
      refereePoints: Type.Number({ description: "The referee's reward paid" }),
      referrerPoints: Type.Number({ description: "The referrer's reward paid (0 when capped or left to a payout)" }),
      referrerState: Type.String({
        description: '`paid`, `capped` (over its cap), `due` (paid just after, by a unit of its own) or `gone`',
      }),
      qualifiedAt: ms('When the qualifying event happened'),
    },
    { description: "A referee's qualifying event (or an admin's approval) qualified a referral: both rewards, once" },
  ),
  'level.reached': Type.Object(
    {
      projectId,
      userId,
      currency: Type.String({ description: 'The currency whose lifetime earnings reached the level' }),
      level: Type.Integer(),
      threshold: Type.Integer({ description: 'The lifetime earnings the level needs' }),
      title: Type.Record(Type.String(), Type.String(), { description: "The level's title (language map)" }),
      lifetime: Type.Integer({ description: 'The lifetime earnings in the currency after the entry that reached it' }),
    },
    { description: 'A user reached a level of a currency with levels (once per user, currency and level)' },
  ),
  'offer.redeemed': Type.Object(
    {
      projectId,
      userId,
      offerId: Type.String(),
      shopId: Type.Union([Type.String(), Type.Null()], { description: 'The shop of the offer; null for an offer without a shop' }),
      redemptionId: Type.String(),
      pointsSpent: Type.Number(),
      balance: Type.Number(),
      couponKey: Type.Union([Type.String(), Type.Null()], {
        description: 'The coupon issued by the redemption (the first unit’s); null for a STREAK_FREEZE offer, which issues none',
      }),
      quantity: Type.Optional(Type.Integer({ description: 'Units redeemed, when more than 1 (pointsSpent covers them all)' })),
      couponKeys: Type.Optional(Type.Array(Type.String(), { description: 'When more than 1 unit: the coupon of each unit' })),
      streakId: Type.Optional(Type.String({ description: 'STREAK_FREEZE offers: the streak whose bank got the freeze' })),
    },
    { description: 'A user redeemed an offer with points' },
  ),
  'coupon.used': Type.Object(
    {
      projectId,
      userId,
      couponKey: Type.String(),
      offerId: Type.Union([Type.String(), Type.Null()], { description: 'null for a coupon issued by the operator' }),
      usedAt: ms('When it was used'),
    },
    { description: 'A user used (redeemed) a coupon' },
  ),
  'survey.answered': Type.Object(
    { projectId, userId, surveyId: Type.String(), responses: Type.Array(Type.String()), pointsAwarded: Type.Number() },
    { description: 'A user answered a survey' },
  ),
  'user.deleted': Type.Object(
    {
      projectId,
      userId,
      jobId: Type.String({ description: 'The deletion job (GET /admin/job/{jobId})' }),
      deletedAt: ms('When the deletion job finished'),
    },
    { description: "The deletion job finished: the user's data is gone" },
  ),
  'leaderboard.month_closed': Type.Object(
    {
      projectId,
      groupId: Type.String(),
      currency: Type.String({ description: 'The currency the board ranks (`points`, or another currency of the project)' }),
      month: Type.String({ description: 'YYYY-MM' }),
      top: Type.Array(Type.Object({ rank: Type.Integer(), userId: Type.String(), username: Type.String(), points: Type.Number() }), {
        description: 'The first 10 of the monthly board when the month was closed',
      }),
    },
    { description: 'A month ended: its board of one user group and currency, top 10' },
  ),
  'tier.changed': Type.Object(
    {
      projectId,
      userId,
      tierId: Type.Union([Type.String(), Type.Null()], { description: 'The new tier (null: none)' }),
      previousTierId: Type.Union([Type.String(), Type.Null()]),
      since: Type.Union([ms('Since when the user holds the new tier'), Type.Null()]),
      earnedInWindow: Type.Number({ description: 'Points earned in the tier window' }),
    },
    {
      description:
        "A user's tier changed: an upgrade as soon as it is earned, a downgrade by the monthly check (the daily job on the 1st, or the " +
        "user's next change of points if earlier)",
    },
  ),
  'points.expiring': Type.Object(
    {
      projectId,
      userId,
      points: Type.Number({ description: 'Points that expire at the end of that day unless spent first' }),
      expiresOn: Type.String({ description: 'The UTC day (YYYY-MM-DD) at whose end they expire' }),
      expiresAt: ms('The last millisecond they can be spent'),
      balance: Type.Number({ description: 'The balance when the notice was decided' }),
    },
    { description: 'Points of a user expire in 7 days (sent once per user and expiry day by the daily job)' },
  ),
  'campaign.budget_spent': Type.Object(
    {
      projectId,
      userId: Type.String({ description: 'The user whose event spent the last of the budget' }),
      campaignId: Type.String(),
      spent: Type.Integer({ description: 'What the campaign has paid in all' }),
      budget: Type.Integer({ description: 'Its total budget' }),
      currency: Type.String({ description: 'The currency it pays in' }),
    },
    { description: "A campaign's total budget is spent: it pays nothing more (sent once, by the event that spent the last of it)" },
  ),
  'campaign.started': Type.Object(
    {
      projectId,
      campaignId: Type.String(),
      title: Type.String(),
      startAt: ms('First millisecond of its window'),
      endAt: ms('End of its window, exclusive'),
    },
    { description: "A campaign's window started (sent once per campaign, by the clock; an ACTIVE campaign that was live at some time)" },
  ),
  'campaign.ended': Type.Object(
    {
      projectId,
      campaignId: Type.String(),
      title: Type.String(),
      startAt: ms('First millisecond of its window'),
      endAt: ms('End of its window, exclusive'),
      spent: Type.Integer({ description: 'What the campaign has paid in all when it ended' }),
      currency: Type.String({ description: 'The currency it pays in' }),
    },
    { description: "A campaign's window ended (sent once per campaign, after its campaign.started)" },
  ),
  'webhook.test': Type.Object(
    { projectId, webhookId: Type.String(), message: Type.String() },
    { description: 'Sent by POST /admin/webhook/{id}/test' },
  ),
} satisfies Record<string, TSchema>;

export type WebhookType = keyof typeof WEBHOOK_DATA;
export const WEBHOOK_TYPES = Object.keys(WEBHOOK_DATA) as WebhookType[];

/** `points.changed` → `WebhookPointsChanged`: the name of the message's schema in the OpenAPI components. */
export function schemaName(type: string): string {
  return `Webhook${type
    .split(/[._]/)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')}`;
}

/** The body of a delivery: `{ type, timestamp, data }` (Standard Webhooks). */
export function messageSchema(type: WebhookType): TSchema {
  return Type.Object(
    {
      type: Type.Literal(type),
      timestamp: Type.String({ format: 'date-time', description: 'When Laurel recorded the fact (ISO 8601)' }),
      data: WEBHOOK_DATA[type],
    },
    { $id: schemaName(type), description: (WEBHOOK_DATA[type] as { description?: string }).description },
  );
}
