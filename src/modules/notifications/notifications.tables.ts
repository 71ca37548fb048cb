/** Last-viewed markers of the notification sections (migration 0400_offers_surveys). */
declare module '../../platform/db/schema.js' {
  interface DB {
    notification_markers: NotificationMarkersTable;
  }
}

export interface NotificationMarkersTable {
  project_id: string;
  user_id: string;
  /** rewards | challenges | surveys */
  section: string;
  seen_at: number;
}
