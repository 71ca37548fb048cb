/** Tables of surveys and their answers (migration 0400_offers_surveys). */
declare module '../../platform/db/schema.js' {
  interface DB {
    surveys: SurveysTable;
    survey_answers: SurveyAnswersTable;
    survey_option_counts: SurveyOptionCountsTable;
  }
}

export interface SurveysTable {
  project_id: string;
  survey_id: string;
  title: string;
  description: string;
  /** SINGLE | MULTIPLE */
  type: string;
  /** JSON array of { optionId, label }. */
  options: string;
  valid_from: number;
  valid_until: number | null;
  points: number;
  /** The currency of `points` (null: points; migration 0995_d). */
  currency?: string | null;
  status: string;
  /** Counter: users who answered. */
  answered_total: number;
  /** When the survey last became ACTIVE (creation, or a change from INACTIVE): notification flag. */
  activated_at: number;
  created_at: number;
  updated_at: number;
}

/** One row per user and survey; its primary key is what makes "answered once" hold. */
export interface SurveyAnswersTable {
  project_id: string;
  survey_id: string;
  user_id: string;
  /** JSON array of optionIds. */
  responses: string;
  points: number;
  created_at: number;
}

/** Counter: answers per option, for the operator. */
export interface SurveyOptionCountsTable {
  project_id: string;
  survey_id: string;
  option_id: string;
  count: number;
}
