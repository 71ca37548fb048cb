/**
 * Every error code Laurel answers with, its HTTP status, and for the "not found" codes the message
 * (docs/api.md, Responses and errors). Codes are stable: clients branch on them. A refusal is made
 * with `AppError.of(code, …)`, so a code cannot be misspelt or used with two statuses; the error
 * handler turns it into the error body { statusCode, error, message, code }.
 */
export const ERRORS = {
  // 400
  TIER_REQUIRED: { status: 400 },
  UNKNOWN_TIER: { status: 400 },
  NOT_REVERSIBLE: { status: 400 },
  INVALID_HISTORY_ID: { status: 400 },
  INVALID_RANGE: { status: 400 },
  UNKNOWN_GROUP: { status: 400 },
  INVALID_CRITERIA: { status: 400 },
  INVALID_LEVELS: { status: 400 },
  UNKNOWN_CURRENCY: { status: 400 },
  CURRENCY_NOT_SPENDABLE: { status: 400 },
  CURRENCY_INACTIVE: { status: 400 },
  TOO_MANY_CURRENCIES: { status: 400 },
  UNKNOWN_OFFER: { status: 400 },
  MONTH_NOT_STARTED: { status: 400 },
  INVALID_TIME_ZONE: { status: 400 },
  TOO_MANY_ATTRIBUTES: { status: 400 },
  INVALID_EFFECT: { status: 400 },
  INVALID_SEGMENT_FIELD: { status: 400 },
  INVALID_SEGMENT_RULE: { status: 400 },
  UNKNOWN_SEGMENT: { status: 400 },
  INVALID_BANDS: { status: 400 },
  FREEZES_NOT_ENABLED: { status: 400 },
  FREEZE_BANK_FULL: { status: 400 },
  STREAK_UNAVAILABLE: { status: 400 },
  INVALID_OFFER_STREAK: { status: 400 },
  BAD_REQUEST: { status: 400 },
  CONDITIONS_REQUIRED: { status: 400 },
  COUPON_ALREADY_REDEEMED: { status: 400 },
  COUPON_EXPIRED: { status: 400 },
  COUPON_OWNER_FIXED: { status: 400 },
  DUPLICATE_OPTION: { status: 400 },
  EVENT_INACTIVE: { status: 400 },
  ID_MISMATCH: { status: 400 },
  INSUFFICIENT_POINTS: { status: 400 },
  INVALID_CHARACTER: { status: 400 },
  INVALID_CONDITION: { status: 400 },
  INVALID_CURSOR: { status: 400 },
  UNKNOWN_EVENT: { status: 400 },
  REFERRAL_PROGRAMME_INACTIVE: { status: 400 },
  REFERRAL_CODE_UNKNOWN: { status: 400 },
  REFERRAL_OWN_CODE: { status: 400 },
  REFERRAL_ALREADY_JOINED: { status: 400 },
  REFERRAL_WINDOW_CLOSED: { status: 400 },
  REFERRAL_CYCLE: { status: 400 },
  REFERRAL_AFTER_QUALIFYING: { status: 400 },
  INVALID_DATES: { status: 400 },
  INVALID_IDEMPOTENCY_KEY: { status: 400 },
  INVALID_JSON: { status: 400 },
  INVALID_METADATA: { status: 400 },
  INVALID_METADATA_FIELDS: { status: 400 },
  INVALID_MONTH: { status: 400 },
  INVALID_OPTION: { status: 400 },
  INVALID_RESPONSE_COUNT: { status: 400 },
  INVALID_REWARD: { status: 400 },
  INVALID_SCREEN_ID: { status: 400 },
  INVALID_SK: { status: 400 },
  INVALID_TIMEFRAME: { status: 400 },
  INVALID_TIMESTAMP: { status: 400 },
  INVALID_TITLE: { status: 400 },
  INVALID_USERNAME: { status: 400 },
  INVALID_QUANTITY: { status: 400 },
  INVALID_METADATA_KEY: { status: 400 },
  TIMESTAMP_TOO_OLD: { status: 400 },
  INVALID_PARAMETER: { status: 400 },
  INVALID_VALIDITY: { status: 400 },
  MONTHLY_LIMIT_REACHED: { status: 400 },
  MONTH_AND_TIMEFRAME: { status: 400 },
  NUMBER_OUT_OF_RANGE: { status: 400 },
  OFFER_EXPIRED: { status: 400 },
  OFFER_INACTIVE: { status: 400 },
  PERIOD_REQUIRED: { status: 400 },
  PERIOD_TOO_LONG: { status: 400 },
  PERIOD_WITH_MONTH: { status: 400 },
  POINTS_OUT_OF_RANGE: { status: 400 },
  PROJECT_PROTECTED: { status: 400 },
  RESERVED_ID: { status: 400 },
  REWARD_VALUE_FIELD_REQUIRED: { status: 400 },
  SERIES_STEP_REQUIRED: { status: 400 },
  SURVEY_ALREADY_ANSWERED: { status: 400 },
  SURVEY_MISMATCH: { status: 400 },
  SURVEY_NOT_AVAILABLE: { status: 400 },
  TIMEFRAME_IMMUTABLE: { status: 400 },
  TIMEFRAME_REQUIRED: { status: 400 },
  TOO_DEEP: { status: 400 },
  TOTAL_LIMIT_REACHED: { status: 400 },
  UNKNOWN_SHOP: { status: 400 },
  USER_EXISTS: { status: 400 },
  USER_LIMIT_REACHED: { status: 400 },
  USER_MISMATCH: { status: 400 },
  VALIDATION_ERROR: { status: 400 },
  VALUE_FIELD_REQUIRED: { status: 400 },
  WEBHOOK_EVENTS_INVALID: { status: 400 },
  WEBHOOK_URL_INVALID: { status: 400 },
  WEBHOOK_URL_REFUSED: { status: 400 },
  WEBHOOK_URL_UNRESOLVABLE: { status: 400 },
  // 401
  ADMIN_TOKEN_REQUIRED: { status: 401 },
  INVALID_API_KEY: { status: 401 },
  INVALID_TOKEN: { status: 401 },
  INVALID_STREAM_TOKEN: { status: 401 },
  TOKEN_EXPIRED: { status: 401 },
  TOKEN_REQUIRED: { status: 401 },
  UNKNOWN_PROJECT: { status: 401 },
  // 403
  API_KEY_REQUIRED: { status: 403 },
  FORBIDDEN_USER: { status: 403 },
  API_KEY_SCOPE: { status: 403 },
  ATTRIBUTES_FORBIDDEN: { status: 403 },
  // 404
  HISTORY_NOT_FOUND: { status: 404, message: (id: string) => `History entry ${id} not found` },
  TIER_NOT_FOUND: { status: 404, message: (id: string) => `Tier ${id} not found` },
  ARCHIVE_NOT_FOUND: { status: 404 },
  SEASON_REWARD_NOT_FOUND: { status: 404, message: (id: string) => `Season reward ${id} not found` },
  ACHIEVEMENT_NOT_FOUND: { status: 404, message: (id: string) => `Achievement ${id} not found` },
  CURRENCY_NOT_FOUND: { status: 404, message: (id: string) => `Currency ${id} not found` },
  CAMPAIGN_NOT_FOUND: { status: 404, message: (id: string) => `Campaign ${id} not found` },
  SEGMENT_NOT_FOUND: { status: 404, message: (id: string) => `Segment ${id} not found` },
  API_KEY_NOT_FOUND: { status: 404, message: (id: string) => `API key ${id} not found` },
  CHALLENGE_NOT_FOUND: { status: 404, message: (id: string) => `Challenge ${id} not found` },
  COUPON_NOT_FOUND: { status: 404, message: (id: string) => `Coupon ${id} not found` },
  EVENT_NOT_FOUND: { status: 404, message: (id: string) => `Event ${id} not found` },
  JOB_NOT_FOUND: { status: 404, message: (id: string) => `Job ${id} not found` },
  NOT_FOUND: { status: 404 },
  OFFER_NOT_FOUND: { status: 404, message: (id: string) => `Offer ${id} not found` },
  PROJECT_NOT_FOUND: { status: 404, message: (id: string) => `Project ${id} not found` },
  SHOP_NOT_FOUND: { status: 404, message: (id: string) => `Shop ${id} not found` },
  STREAK_NOT_FOUND: { status: 404, message: (id: string) => `Streak ${id} not found` },
  SURVEY_NOT_FOUND: { status: 404, message: (id: string) => `Survey ${id} not found` },
  USERGROUP_NOT_FOUND: { status: 404, message: (id: string) => `User group ${id} not found` },
  USER_NOT_FOUND: { status: 404, message: (id: string) => `User ${id} not found` },
  REFERRAL_NOT_FOUND: { status: 404, message: (id: string) => `Referral ${id} not found` },
  WEBHOOK_MESSAGE_NOT_FOUND: { status: 404 },
  WEBHOOK_NOT_FOUND: { status: 404, message: (id: string) => `Webhook ${id} not found` },
  // 409
  ALREADY_REVERSED: { status: 409 },
  TIER_EXISTS: { status: 409 },
  TIER_IN_USE: { status: 409 },
  TIER_THRESHOLD_TAKEN: { status: 409 },
  MONTH_ALREADY_CLOSED: { status: 409 },
  SEASON_REWARD_EXISTS: { status: 409 },
  ACHIEVEMENT_EXISTS: { status: 409 },
  REFERRAL_NOT_FLAGGED: { status: 409 },
  CURRENCY_EXISTS: { status: 409 },
  CAMPAIGN_EXISTS: { status: 409 },
  SEGMENT_EXISTS: { status: 409 },
  SEGMENT_IN_USE: { status: 409 },
  API_KEY_EXISTS: { status: 409 },
  CHALLENGE_EXISTS: { status: 409 },
  COUPON_EXISTS: { status: 409 },
  EVENT_EXISTS: { status: 409 },
  IDEMPOTENCY_IN_PROGRESS: { status: 409 },
  IDEMPOTENCY_KEY_REUSED: { status: 409 },
  JOB_NOT_FAILED: { status: 409 },
  OFFER_EXISTS: { status: 409 },
  PROJECT_BEING_DELETED: { status: 409 },
  PROJECT_EXISTS: { status: 409 },
  SHOP_EXISTS: { status: 409 },
  SHOP_IN_USE: { status: 409 },
  STREAK_EXISTS: { status: 409 },
  SURVEY_EXISTS: { status: 409 },
  USERGROUP_EXISTS: { status: 409 },
  USER_BEING_DELETED: { status: 409 },
  WEBHOOK_DELIVERY_IN_FLIGHT: { status: 409 },
  WEBHOOK_EXISTS: { status: 409 },
  WEBHOOK_INACTIVE: { status: 409 },
  // 413
  PAYLOAD_TOO_LARGE: { status: 413 },
  // 415
  UNSUPPORTED_MEDIA_TYPE: { status: 415 },
  // 429
  AUTH_FAILURES_LIMITED: { status: 429 },
  RATE_LIMITED: { status: 429 },
  TOO_MANY_STREAMS: { status: 429 },
  // 500
  INTERNAL: { status: 500 },
  // 503
  STORE_UNAVAILABLE: { status: 503 },
  STREAMS_FULL: { status: 503 },
} as const satisfies Record<string, { status: number; message?: (id: string) => string }>;

export type ErrorCode = keyof typeof ERRORS;

/** What `AppError.of` takes after the code: the id for codes with a message builder, else the message. */
type MessageArgs<C extends ErrorCode> = (typeof ERRORS)[C] extends { message: (id: string) => string } ? [id: string] : [message: string];

/** One error type for every refusal, made from the catalogue above. */
export class AppError extends Error {
  readonly statusCode: number;

  private constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERRORS[code].status;
  }

  /** `AppError.of('USER_NOT_FOUND', userId)`, `AppError.of('INVALID_MONTH', 'month must be YYYY-MM')`. */
  static of<C extends ErrorCode>(code: C, ...[arg]: MessageArgs<C>): AppError {
    const entry: { status: number; message?: (id: string) => string } = ERRORS[code];
    return new AppError(code, entry.message ? entry.message(arg) : arg);
  }

  /** The same refusal with what the caller can do about it after the message (`User alice not found: create it first …`). */
  explained(hint: string): AppError {
    return new AppError(this.code, `${this.message}: ${hint}`);
  }
}
