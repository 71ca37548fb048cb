/**
 * Wire shapes of the API, named as in docs/api.md. They are aliases of the typed client generated
 * from the server's OpenAPI document (clients/typescript/src/schema.ts, `npm run generate:client`),
 * so the dashboard typecheck fails when the server changes a shape (docs/decisions/109).
 * Only shapes the API does not have stay hand-written here, each with the reason.
 */
import type { components, operations } from '../../../clients/typescript/src/schema';

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Responses<K extends keyof operations> = operations[K]['responses'];
/** The body of the success answer (200 or 201) of an operation. */
export type Ok<K extends keyof operations> = Json<Responses<K>[Extract<keyof Responses<K>, 200 | 201>]>;
/** The JSON body an operation takes. */
export type RequestBody<K extends keyof operations> = Json<NonNullable<operations[K]['requestBody']>>;
type Item<T> = T extends readonly (infer I)[] ? I : never;
/** The body of every error answer ({ statusCode, error, message, code }). */
export type ErrorAnswer = Json<Responses<'getProject'>[404]>;
/**
 * The admin answers declare `status` (and a challenge's `type`) as a plain string although the
 * service accepts and stores only ACTIVE or INACTIVE (FIXED or SUM); the forms need the union.
 * Narrowing them here is the one hand-made part of these aliases (docs/decisions/109).
 */
type Narrowed<T, N> = Omit<T, keyof N> & N;

/** ACTIVE or INACTIVE: what the API accepts (its answers declare a plain string). */
export type Status = NonNullable<RequestBody<'createEventDefinition'>['status']>;
export type LanguageMap = Record<string, string>; // UI: the generated maps are inline `{ [key: string]: string }`, this is their name

export type Project = Ok<'getProject'>;
export type ApiKey = Item<Ok<'listApiKeys'>>;
export type CreatedApiKey = Ok<'createApiKey'>;
export type UserGroup = Narrowed<Ok<'getUserGroup'>, { status: Status }>;

export type Conditions = NonNullable<RequestBody<'createEventDefinition'>['conditions']>;
export type Condition = Conditions['conditions'][number];
export type Operator = Condition['operator'];
export type ConditionValue = NonNullable<Condition['value']>;
/** Conditions as the API answers them (type and operator as plain strings). */
export type StoredConditions = NonNullable<EventDefinition['conditions'] | Challenge['conditions']>;
/** The operators in the order the condition editor offers them; the compiler checks it lists every operator of the API. */
export const OPERATORS = [
  'equals',
  'not_equals',
  'greater_than',
  'greater_than_or_equal',
  'less_than',
  'less_than_or_equal',
  'contains',
  'in',
  'exists',
] as const satisfies readonly Operator[];
const allOperators: Exclude<Operator, (typeof OPERATORS)[number]> extends never ? true : false = true;
void allOperators;

export type EventDefinition = Narrowed<Ok<'getAdminEventDefinition'>, { status: Status }>;
export type MetadataField = NonNullable<EventDefinition['metadataFields']>[number];
export type EventType = EventDefinition['type'];
export type LimitPeriod = NonNullable<EventDefinition['limitPeriod']>;

export type Challenge = Narrowed<Item<Ok<'listChallenges'>>, { status: Status; type: 'FIXED' | 'SUM' }>;
export type Streak = Narrowed<Ok<'getStreak'>, { status: Status }>;
export type Milestone = Streak['milestones'][number];
export type Achievement = Narrowed<Item<Ok<'listAchievements'>>, { status: Status }>;
export type AchievementKind = Achievement['criteria']['kind'];

export type Survey = Narrowed<Item<Ok<'listSurveys'>>, { status: Status }>;
export type SurveyOption = Survey['options'][number];

export type Shop = Narrowed<Ok<'getAdminShop'>, { status: Status }>;
export type Offer = Narrowed<Item<Ok<'listOffers'>>, { status: Status }>;

export type UserPoints = Ok<'getUserPoints'>;
export type HistoryEntry = Item<Ok<'getUserHistory'>>;
export type UserChallenge = Ok<'listUserChallenges'>['challenges'][number];
export type UserStreak = Ok<'listUserStreaks'>['streaks'][number];
export type UserAchievement = Ok<'listUserAchievements'>['achievements'][number];
export type Coupon = Item<Ok<'listCoupons'>>;

export type Leaderboard = Ok<'getLeaderboard'>;
export type LeaderboardEntry = Leaderboard['users'][number];

export type Period = NonNullable<NonNullable<operations['getEventStats']['parameters']['query']>['period']>;
/** The periods in the order the analytics screen offers them; the compiler checks it lists every period of the API. */
export const PERIODS = ['1d', '7d', '30d', '90d', 'current_month', 'ytd', 'all'] as const satisfies readonly Period[];
const allPeriods: Exclude<Period, (typeof PERIODS)[number]> extends never ? true : false = true;
void allPeriods;

// GET /stats/event declares one merged shape for the global and the per-event view (their fields
// optional); these are its two views as the analytics screens read them, narrowed from that shape.
type StatsAnswer = Ok<'getEventStats'>;
type StatsData = StatsAnswer['data'];
type StatsDay = StatsData['dailyData'][string];
type FieldStats = NonNullable<StatsData['metadataStats']>[string];
export type GlobalDay = Omit<StatsDay, 'events' | 'count'> & Required<Pick<StatsDay, 'events'>>;
export type EventDay = Omit<StatsDay, 'events' | 'count'> & Required<Pick<StatsDay, 'count'>>;
// histogram: unknown, as analyticsData.histogramRows reads any shape of it (numbers, buckets, a map).
export type NumberStats = Required<Pick<FieldStats, 'count' | 'min' | 'max' | 'avg'>> & { kind: 'number'; histogram: unknown };
export type CategoryStats = Required<Pick<FieldStats, 'counts'>> & { kind: 'category' };
type Common = Omit<StatsAnswer, 'eventId' | 'data'>;
type CommonData = Pick<StatsData, 'uniqueUsers' | '_metadata'>;
export type GlobalStats = Common & {
  eventId: null;
  data: CommonData &
    Required<Pick<StatsData, 'totalEvents' | 'totalPoints' | 'eventBreakdown' | 'topEvents'>> & { dailyData: Record<string, GlobalDay> };
};
export type EventStats = Common & {
  eventId: string;
  data: CommonData &
    Required<Pick<StatsData, 'totalCount' | 'pointsAwarded' | 'conditionMet' | 'conditionFailed' | 'limitReached'>> & {
      dailyData: Record<string, EventDay>;
      metadataStats?: Record<string, NumberStats | CategoryStats>;
    };
};

export type StreakAnalytics = Ok<'getStreakAnalytics'>;

/** A tier of the loyalty ladder (docs/loyalty-economics.md). */
export type Tier = Ok<'getTier'>;

/** GET /admin/event-log */
export type EventLogEntry = Ok<'listEventLog'>['entries'][number];
export type Outcome = EventLogEntry['outcome'];
/** The outcomes in the order the event log filter offers them; the compiler checks it lists every outcome of the API. */
export const OUTCOMES = ['AWARDED', 'CONDITION_FAILED', 'LIMIT_REACHED', 'REJECTED'] as const satisfies readonly Outcome[];
const allOutcomes: Exclude<Outcome, (typeof OUTCOMES)[number]> extends never ? true : false = true;
void allOutcomes;

/** GET /admin/user */
export type ListedUser = Ok<'listUsers'>['users'][number];
export type UserSort = NonNullable<NonNullable<operations['listUsers']['parameters']['query']>['sort']>;

/** GET /admin/audit-log */
export type AuditEntry = Ok<'listAuditLog'>['entries'][number];

/** The message types webhooks are sent for, one schema each in the OpenAPI document. */
export type WebhookMessage = components['schemas'][keyof components['schemas'] & `Webhook${string}`];
export type WebhookMessageType = WebhookMessage['type'];

/** A currency of the project (docs/currencies.md); `points` is listed first and is set by the project. */
export type Currency = Narrowed<Item<Ok<'listCurrencies'>>, { status: Status }>;
export type CurrencyLevel = Currency['levels'][number];
/** GET /user/{userId}/wallet */
export type Wallet = Ok<'getUserWallet'>;
export type WalletBalance = Wallet['balances'][number];
export type AchievementBackfill = Ok<'getAchievementBackfill'>;

/** GET/PUT /admin/referral-programme (docs/referrals.md). */
export type ReferralProgramme = Ok<'getReferralProgramme'>;
export type ReferralProgrammeBody = RequestBody<'putReferralProgramme'>;
/** GET /admin/referral */
export type ReferralPage = Ok<'listReferrals'>;
export type Referral = ReferralPage['referrals'][number];
export type ReferralStatus = Referral['status'];
/** The statuses in the order the referral log filter offers them; the compiler checks it lists every status of the API. */
export const REFERRAL_STATUSES = ['pending', 'flagged', 'qualified', 'rejected'] as const satisfies readonly ReferralStatus[];
const allReferralStatuses: Exclude<ReferralStatus, (typeof REFERRAL_STATUSES)[number]> extends never ? true : false = true;
void allReferralStatuses;
/** GET /user/{userId}/referral */
export type UserReferral = Ok<'getUserReferral'>;

/** GET /admin/campaign (docs/campaigns.md): with `spent` and `remaining` (null without a total budget). */
export type Campaign = Narrowed<Ok<'getCampaign'>, { status: Status }>;
export type CampaignStacking = Campaign['stacking'];
/** GET /admin/job/{jobId}: a background job's progress (a campaign backfill's among others). */
export type Job = Ok<'getJob'>;
/** POST /admin/campaign/{id}/backfill → 202 { jobId } (Ok reads only 200 and 201). */
export type BackfillStarted = Json<Responses<'backfillCampaign'>[202]>;
/** POST /admin/campaign/simulate { campaign, from, to }: what a draft would have paid in that period. */
export type CampaignSimulation = Ok<'simulateCampaign'>;
/** /admin/segment (docs/campaigns.md, Segments): users for whom all or any of its rules hold now. */
export type Segment = Ok<'getSegment'>;
export type SegmentMatch = Segment['match'];
export type SegmentRule = Segment['rules'][number];
/** GET /admin/segment/{id}/count */
export type SegmentCount = Ok<'countSegment'>;
/** GET /admin/segment/{id}/users: one page of member ids. */
export type SegmentMembers = Ok<'listSegmentUsers'>;
