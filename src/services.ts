import { deleteExpiredIdempotencyKeys } from './write-path/idempotency-cleanup.js';
import { AnalyticsService } from './modules/analytics/index.js';
import { AuditService } from './modules/audit/index.js';
import { eventsParticipant, EventsService } from './modules/events/index.js';
import { ApiKeysService } from './modules/apikeys/index.js';
import { CouponsService, lastIssuedQuery } from './modules/coupons/index.js';
import { CurrenciesService } from './modules/currencies/index.js';
import { NotificationsService } from './modules/notifications/index.js';
import { offerUsageCounter, OffersService, redemptionParticipant, RedemptionService } from './modules/offers/index.js';
import { lastAvailableQuery, surveysParticipant, SurveysService } from './modules/surveys/index.js';
import { LeaderboardsService, MonthClose } from './modules/leaderboards/index.js';
import { ChallengesService } from './modules/challenges/index.js';
import { AchievementBackfill, AchievementsService, lastUnlockQuery } from './modules/achievements/index.js';
import { ReferralsService } from './modules/referrals/index.js';
import { campaignTools, CampaignsService } from './modules/campaigns/index.js';
import { SegmentsService } from './modules/segments/index.js';
import { lastEntryQuery, PointsExpiryService, PointsService, ReversalsService } from './modules/points/index.js';
import { WritePath } from './write-path/write-path.js';
import { ProjectsService, ProjectDeletionService, type ProjectDataOwner } from './modules/projects/index.js';
import { deleteRateLimitKeys } from './http/rate-limit.js';
import { StreaksService } from './modules/streaks/index.js';
import { ArchivedBoards, seasonPayoutsParticipant, SeasonsService } from './modules/seasons/index.js';
import { UserGroupsService } from './modules/usergroups/index.js';
import { type UserDataOwner, UserDeletionService, UsersService } from './modules/users/index.js';
import { WebhooksService } from './modules/webhooks/index.js';
import { TiersService } from './modules/tiers/index.js';
import { LiveService } from './modules/live/index.js';
import { JobRunner, type DailyTask } from './platform/jobs/job-runner.js';
import type { Platform } from './platform/platform.js';

/**
 * The services of every module, built once per app. A module reaches another module only through
 * its service (never its repository). Add a module's service here, one line.
 *
 * Life cycle: building them starts nothing. `start()` (the app's onReady) subscribes to the other
 * instances' invalidations and starts the job runner and the webhook dispatcher; `close()` (the app's
 * onClose, after the last request has been answered) stops the dispatcher (attempts in flight are
 * recorded, unsent claims handed back) and the job runner (its job is handed back), closes the write path
 * (what is queued is applied and answered, the WAL file released) and ends the subscriptions. The store and
 * Redis connections belong to the platform and are closed after this.
 */
export function createServices(platform: Platform) {
  const jobs = new JobRunner(platform, { pollMs: platform.config.jobPollMs });
  /** Every change of points goes through the one write path; its participants are set below. */
  const writes = new WritePath(platform);
  const projects = new ProjectsService(platform);
  const apiKeys = new ApiKeysService(platform);
  const users = new UsersService(platform);
  const userGroups = new UserGroupsService(platform);
  const currencies = new CurrenciesService(platform, { pointsExpiry: (p) => projects.get(p).then((x) => x.pointsExpiry) });
  projects.useCurrencies({ require: (p, c) => currencies.require(p, c, 'read') });
  const points = new PointsService(platform, writes, currencies);
  const challenges = new ChallengesService(platform, currencies);
  const streaks = new StreaksService(platform, users, currencies);
  const analytics = new AnalyticsService(platform, {
    require: (p, c) => currencies.require(p, c),
    eventEarnings: (p, c, range, e) => points.eventEarnings(p, c, range, e),
  });
  const webhooks = new WebhooksService(platform);
  const audit = new AuditService(platform);
  const leaderboards = new LeaderboardsService(platform, users, userGroups, writes, currencies);
  const events = new EventsService(platform, writes, userGroups, projects, currencies);
  const tiers = new TiersService(platform, projects, leaderboards);
  const reversals = new ReversalsService(platform, writes, events);
  const expiry = new PointsExpiryService(platform, writes, points.expirySettings);
  tiers.useWritePath(writes);
  streaks.freezes.useWritePath(writes);
  const coupons = new CouponsService(platform, offerUsageCounter, users, webhooks.couponReporter);
  const offers = new OffersService(platform, coupons, tiers, streaks.freezes, currencies);
  tiers.useOffers(offers);
  const redemption = new RedemptionService(platform, offers.repo, points, writes, currencies, tiers, streaks.freezes);
  const surveys = new SurveysService(platform, writes, currencies);
  // Built before the notifications service below; it reads it only once a stream is open.
  const live: LiveService = new LiveService(platform, {
    overview: (p, u) => notifications.overview(p, u),
    rank: (p, u, groupId, period) => leaderboards.rankOf(p, u, groupId, period),
    board: (p, groupId, period, limit) => leaderboards.board(p, p, { groupId, ...period, limit }),
    eventLog: async (p) => JSON.stringify(await events.log.page(p, { limit: 1 })),
  });
  const achievements = new AchievementsService(
    platform,
    {
      countUsers: (p) => users.liveCount(p),
      usersBeingDeleted: (p) => users.beingDeletedIds(p),
      userExists: (p, u) => users.exists(p, u),
      currency: (p, c) => currencies.require(p, c),
      challengeSeries: (b, p) => challenges.seriesIn(b, p),
      monthTop: (p, g, m, n) => leaderboards.monthTop(p, g, m, n),
    },
    writes,
  );
  const achievementBackfill = new AchievementBackfill(jobs, writes, {
    achievement: (p, a) => achievements.stored(p, a),
    liveUsersAfter: (p, after, limit) => users.liveIdsAfter(p, after, limit),
    liveUsers: (p) => users.liveCount(p),
    storedEvents: (p, e, u) => events.storedOf(p, e, u),
    longestRuns: (p, s, u) => streaks.longestRuns(p, s, u),
    completions: (p, u) => challenges.completionsOf(p, u),
  });
  achievements.onChanged((p, a) => achievementBackfill.start(p, a));
  const referrals = new ReferralsService(
    platform,
    {
      userSince: async (p, u) => (await users.get(p, u)).createdAt,
      currency: (p, c) => currencies.require(p, c),
      eventExists: async (p, e) => (await events.definitions.find(p, e)) !== undefined,
    },
    writes,
  );
  events.useLocks((p, u, e) => referrals.locksFor(p, u, e));
  const segments = new SegmentsService(platform, { liveUsersAfter: (p, after, limit) => users.liveIdsAfter(p, after, limit) });
  const campaigns = new CampaignsService(platform, {
    currency: (p, c) => currencies.require(p, c, 'read'),
    segment: (p, s) => segments.require(p, s),
    audience: (batch) => segments.audience(batch),
  });
  const { simulation: campaignSimulation, ...campaignJobs } = campaignTools(platform, jobs, writes, campaigns, {
    storedEvents: (p, q) => events.qualifyingPage(p, q),
    timeZone: (p, u) => users.timeZone(p, u),
    report: (trx, p, messages) => webhooks.outbox.add(trx, p, messages),
    committed: () => webhooks.dispatcher.wake(),
  });
  // A draft or a campaign with a segment is previewed and backfilled over the segment's members now.
  campaignSimulation.useAudience((p, s, u) => segments.members(p, s, u));
  campaignJobs.backfill.useAudience((p, s, u) => segments.members(p, s, u));
  /** The write path's participants: each declares what it runs after (the write path orders them). */
  writes.use([
    points.ledger,
    points.adjustments,
    expiry.participant,
    reversals.participant,
    eventsParticipant,
    challenges.stage,
    streaks.stage,
    achievements.stage,
    referrals.stage,
    campaigns.stage,
    campaignJobs.participant,
    analytics.stage.participant,
    tiers.participant,
    redemptionParticipant,
    surveysParticipant,
    seasonPayoutsParticipant,
    leaderboards.participant,
    webhooks.outbox.participant,
    live.participant,
  ]);
  const notifications = new NotificationsService(
    platform,
    {
      userExists: (p, u) => users.exists(p, u),
      requireLive: (trx, p, u) => users.requireLive(trx, p, u),
      rewards: [lastEntryQuery, lastIssuedQuery],
      surveys: lastAvailableQuery,
      achievements: lastUnlockQuery,
    },
    challenges,
  );

  /** What happens to each board when its month has ended (month-close.ts), in this order. */
  const monthClose = new MonthClose(jobs, leaderboards, platform.clock);
  const archivedBoards = new ArchivedBoards(platform, {
    requireCurrency: (p, c) => currencies.require(p, c, 'read'),
    monthTop: (p, g, m, n, c) => leaderboards.monthTop(p, g, m, n, c),
  });
  const seasons = new SeasonsService(platform, writes, archivedBoards, {
    groupExists: (p, g) => userGroups.exists(p, g),
    offerCoupon: (p, o) => offers.prizeCoupon(p, o),
    issueCoupon: (p, c) => coupons.issueByOperator(p, c),
  });
  leaderboards.closedMonths.useArchive(archivedBoards.monthArchive);
  monthClose.use([...seasons.closeSteps, achievements.closeStep, { name: 'webhook', closed: (board) => webhooks.monthClosed(board) }]);
  /**
   * What the user-deletion job empties, in this order (and once more, the final sweep); `points` (the
   * ledger) late; then `users` removes the row itself.
   */
  const userDataOwners: UserDataOwner[] = [
    events,
    challenges,
    streaks,
    achievements,
    referrals,
    campaigns,
    leaderboards,
    coupons,
    redemption,
    surveys,
    notifications,
    seasons,
    tiers,
    reversals,
    points,
    expiry,
  ];
  const userDeletion = new UserDeletionService(platform, jobs, userDataOwners, users, (projectId, userId, job) =>
    webhooks.userDeleted(projectId, userId, job),
  );
  /** What a project deletion asks to remove besides the project's SQL rows (decision 216). */
  const projectDataOwners: ProjectDataOwner[] = [leaderboards, analytics];
  const redis = platform.redis;
  if (redis) projectDataOwners.push({ projectDataName: 'rate-limit', deleteProjectData: (p) => deleteRateLimitKeys(redis, p) });
  const projectDeletion = new ProjectDeletionService(platform, jobs, projectDataOwners);
  /** Work run once per UTC day by the job runner. */
  const dailyTasks: DailyTask[] = [
    { name: 'idempotency-cleanup', run: async (now) => void (await deleteExpiredIdempotencyKeys(platform.db, now)) },
    { name: 'leaderboard-rollover', run: (now) => leaderboards.rollOver(now) },
    { name: 'leaderboard-month-close', run: (now) => monthClose.schedule(now) },
    { name: 'webhook-log-cleanup', run: (now) => webhooks.pruneLogs(now) },
    { name: 'event-log-cleanup', run: async (now) => void (await events.log.prune(now)) },
    { name: 'tier-checks', run: async (now) => void (await tiers.runMonthlyChecks(now)) },
    { name: 'points-settle', run: async (now) => void (await expiry.settleAll(now)) },
    { name: 'streak-freeze-cover', run: async (now) => void (await streaks.freezes.coverMissedPeriods(now)) },
    { name: 'referral-payouts', run: async () => void (await referrals.payDueRewards()) },
  ];
  jobs.daily(dailyTasks);

  let running: 'idle' | 'started' | 'closed' = 'idle';
  return {
    projects,
    apiKeys,
    users,
    userGroups,
    currencies,
    points,
    writes,
    events,
    challenges,
    streaks,
    achievements,
    achievementBackfill,
    referrals,
    campaigns,
    campaignSimulation,
    campaignBackfill: campaignJobs.backfill,
    campaignSchedule: campaignJobs.schedule,
    segments,
    leaderboards,
    coupons,
    offers,
    redemption,
    surveys,
    notifications,
    analytics,
    jobs,
    userDeletion,
    projectDeletion,
    webhooks,
    monthClose,
    seasons,
    archivedBoards,
    tiers,
    reversals,
    expiry,
    audit,
    live,
    /**
     * Starts the background parts: the Redis subscriptions of the invalidation bus, the analytics write lane,
     * the job runner, then the webhook dispatcher.
     */
    async start(): Promise<void> {
      if (running !== 'idle') return;
      running = 'started';
      await platform.bus.start();
      await analytics.start();
      await jobs.start();
      await webhooks.dispatcher.start();
      await live.start();
    },
    /** Stops them in reverse order, each even when one before failed; safe to call twice, and without a start. */
    async close(): Promise<void> {
      if (running === 'closed') return;
      running = 'closed';
      let failure: unknown = null;
      for (const stop of [
        () => live.close(),
        () => webhooks.dispatcher.stop(),
        () => jobs.stop(),
        () => writes.close(),
        () => platform.bus.close(),
      ]) {
        try {
          await stop();
        } catch (err) {
          failure ??= err;
        }
      }
      if (failure !== null) throw failure;
    },
  };
}

export type Services = ReturnType<typeof createServices>;

// Here rather than in src/http/app-type.ts, so that no route module imports this file's type (an
// import circle through each module's index.ts): every route sees `app.services` all the same.
declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
