/** Wire shapes of the API, named as in docs/api.md. */
export type Status = 'ACTIVE' | 'INACTIVE';
export type LanguageMap = Record<string, string>;

export interface Project {
  projectId: string;
  name: string;
  createdAt: number;
  /** Settings (absent in lists built by the dashboard itself). */
  tierWindow?: { months: number };
  tierGraceMonths?: number;
  pointsExpiry?: { afterDays: number } | null;
}

export interface ApiKey {
  apiKeyId: string;
  name: string;
  keyPrefix: string;
  createdAt: number;
}
export interface CreatedApiKey extends ApiKey {
  key: string;
}

export interface UserGroup {
  userGroupId: string;
  title: { default: string; de: string; en?: string };
  description: { default?: string; de?: string; en?: string };
  status: Status;
  createdAt: number;
}

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
] as const;
export type Operator = (typeof OPERATORS)[number];
export type ConditionValue = string | number | boolean | string[];
export interface Condition {
  field: string;
  operator: Operator;
  value?: ConditionValue;
}
export interface Conditions {
  type: 'AND' | 'OR';
  conditions: Condition[];
}

export interface MetadataField {
  key: string;
  type: 'string' | 'number' | 'boolean' | 'array';
  required: boolean;
}

export type EventType = 'FIXED' | 'TRANSACTION' | 'CONDITIONAL';
export type LimitPeriod = 'daily' | 'weekly' | 'monthly' | 'lifetime';

export interface EventDefinition {
  eventId: string;
  title: string;
  description?: string;
  type: EventType;
  status: Status;
  reward: Record<string, number>;
  rewardValueField?: string | null;
  limit?: number | null;
  limitPeriod?: LimitPeriod;
  maximumReward?: number | null;
  conditions?: Conditions | null;
  metadataFields?: MetadataField[];
  requiresApiKey?: boolean;
  image?: string | null;
  /** Days the points are held pending (0: available at once). */
  pendingDays?: number;
}

export interface Challenge {
  challengeId: string;
  title: LanguageMap;
  description?: LanguageMap;
  type: 'FIXED' | 'SUM';
  eventId: string;
  valueField?: string | null;
  conditions?: Conditions | null;
  goal: number;
  points: number;
  seriesId?: string | null;
  step?: number | null;
  isLastStep?: boolean;
  startDate?: number | null;
  endDate?: number | null;
  image?: string | null;
  status: Status;
  /** GET /admin/challenge only: users who completed it. */
  completions?: { total: number; last30Days: number };
}

export interface Milestone {
  count: number;
  points: number;
}
export interface Streak {
  streakId: string;
  title: LanguageMap;
  description?: LanguageMap;
  timeFrame: 'daily' | 'weekly' | 'monthly';
  eventIds: string[];
  milestones: Milestone[];
  /** Banked freezes cover missed periods; null: no freezes. */
  freezes?: { max: number; earnEveryMilestone: boolean } | null;
  status: Status;
}

export interface SurveyOption {
  optionId: string;
  label: string;
}
export interface Survey {
  surveyId: string;
  title: string;
  description?: string;
  type: 'SINGLE' | 'MULTIPLE';
  options: SurveyOption[];
  validFrom: number;
  validUntil: number;
  points: number;
  status?: Status;
  statistics?: { answered: number; options: Record<string, number> };
}

export interface Shop {
  shopId: string;
  name: string;
  status: Status;
  logo?: string | null;
  image?: string | null;
  description?: LanguageMap;
}

export interface Offer {
  offerId: string;
  type: string;
  /** Type STREAK_FREEZE: the streak a redemption banks a freeze on. */
  streakId?: string | null;
  points: number;
  title: LanguageMap;
  description?: LanguageMap;
  category?: string | null;
  image?: string | null;
  shopId?: string | null;
  monthlyLimit?: number | null;
  totalLimit?: number | null;
  perUserLimit?: number | null;
  couponValidityDays?: number;
  validFrom?: number | null;
  validUntil?: number | null;
  status: Status;
  /** GET /admin/offer: redemptions this month and in total. */
  statistics?: { month: string; redeemed: number; limit: number | null; remaining: number | null };
  totalStatistics?: { redeemed: number; used: number; valid: number; limit: number | null; remaining: number | null };
  /** Tiers the offer is limited to (null or absent: everyone). */
  tiers?: string[] | null;
}

export interface UserPoints {
  userId: string;
  points: number;
  userExists: boolean;
  /** Points credited pending, not spendable yet. */
  pending?: number;
  /** The next days on which points expire. */
  expiring?: Array<{ points: number; expiresAt: number }>;
}

export interface HistoryEntry {
  id: string;
  timestamp: number;
  type: string;
  points: number;
  title: LanguageMap;
  description: LanguageMap;
  globalEventDateKey?: string;
  /** Only on a credit of an event with pendingDays. */
  status?: 'PENDING' | 'AVAILABLE' | 'CANCELLED';
  availableAt?: number;
}

export interface UserChallenge {
  challengeId: string;
  status: string;
  goal: number;
  points: number;
  title: LanguageMap;
  type: string;
  progress: number;
  completed: boolean;
  completedDate: string | null;
  seriesId?: string | null;
  isLastStep?: boolean;
}

export interface UserStreak {
  streakId: string;
  title?: LanguageMap;
  timeFrame: string;
  currentCount: number;
  longestStreak: number;
  lastCompletedAt?: string | null;
  missedCount: number;
  completedDates: string[];
  milestonesClaimed: number[];
  freezes?: { available: number; used: number };
  frozenDates?: string[];
}

export interface Coupon {
  PK: string;
  SK: string;
  title: string;
  description: string;
  validUntil: number;
  redeemed: boolean;
  metadata?: Record<string, unknown>;
}

export interface LeaderboardEntry {
  userId: string | null;
  username: string;
  points: number;
  rank: number | null;
}
export interface Leaderboard {
  users: LeaderboardEntry[];
  total: number;
  groupId: string;
  month?: string;
  timeframe?: string;
}

export const PERIODS = ['1d', '7d', '30d', '90d', 'current_month', 'ytd', 'all'] as const;
export type Period = (typeof PERIODS)[number];

export interface GlobalDay {
  events: number;
  users: number;
  points: number;
  hourlyDistribution: number[];
}
export interface EventDay {
  count: number;
  users: number;
  points: number;
  hourlyDistribution: number[];
}
export type NumberStats = { kind: 'number'; count: number; min: number; max: number; avg: number; histogram: unknown };
export type CategoryStats = { kind: 'category'; counts: Record<string, number> };

export interface GlobalStats {
  period: string;
  eventId: null;
  startDate: string;
  endDate: string;
  data: {
    totalEvents: number;
    uniqueUsers: number;
    totalPoints: number;
    eventBreakdown: Record<string, { count: number; users: number; points: number }>;
    topEvents: string[];
    dailyData: Record<string, GlobalDay>;
  };
  _metadata?: { uniqueUsersCalculationMethod?: string; uniqueUsersNote?: string };
}
export interface EventStats {
  period: string;
  eventId: string;
  startDate: string;
  endDate: string;
  data: {
    totalCount: number;
    uniqueUsers: number;
    pointsAwarded: number;
    conditionMet: number;
    conditionFailed: number;
    limitReached: number;
    dailyData: Record<string, EventDay>;
    metadataStats?: Record<string, NumberStats | CategoryStats>;
  };
  _metadata?: { uniqueUsersCalculationMethod?: string; uniqueUsersNote?: string };
}

export interface StreakAnalytics {
  streakId: string;
  totalParticipants: number;
  activeParticipants: number;
  averageStreakLength: number;
  longestUserStreak: number;
  completionRate: number;
}

/** A tier of the loyalty ladder (docs/loyalty-economics.md). */
export interface Tier {
  tierId: string;
  title: LanguageMap;
  threshold: number;
  multiplier: number;
  benefits?: LanguageMap;
}

export const OUTCOMES = ['AWARDED', 'CONDITION_FAILED', 'LIMIT_REACHED', 'REJECTED'] as const;
export type Outcome = (typeof OUTCOMES)[number];
/** GET /admin/event-log */
export interface EventLogEntry {
  at: number;
  userId: string | null;
  eventId: string | null;
  outcome: Outcome;
  reason: string;
  points: number;
  metadata: Record<string, unknown> | null;
  status: number;
  code: string | null;
}

/** GET /admin/user */
export interface ListedUser {
  userId: string;
  points: number;
  lastActiveAt: number | null;
  createdAt: number;
}
export type UserSort = 'createdAt' | 'points' | 'lastActive';

/** GET /admin/audit-log */
export interface AuditEntry {
  at: number;
  actor: string;
  resource: string;
  resourceId: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
