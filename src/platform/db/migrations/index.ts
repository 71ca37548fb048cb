import type { Migration } from 'kysely';
import type { DialectName } from '../database.js';
import { foundation } from './0001_foundation.js';
import { events } from './0100_events.js';
import { leaderboards } from './0200_leaderboards.js';
import { challengesStreaks } from './0300_challenges_streaks.js';
import { offersSurveys } from './0400_offers_surveys.js';
import { analyticsJobs } from './0500_analytics_jobs.js';
import { writePath } from './0600_write_path.js';
import { idempotencyLease } from './0700_idempotency_lease.js';
import { webhooks } from './0800_webhooks.js';
import { eventLog } from './0850_event_log.js';
import { usersLastActive } from './0850_users_last_active.js';
import { auditLog } from './0850_audit_log.js';
import { tiersReversals } from './0900_tiers_reversals.js';
import { userTimeZones } from './0950_user_time_zones.js';
import { streakFreezes } from './0950_v2_streak_freezes.js'; // sorts after 0950_user_time_zones
import { seasons } from './0950_w_seasons.js';
import { pointsExpiry } from './0960_a_expiry.js';
import { offerStreakFreeze } from './0960_c_offer_streak_freeze.js';
import { streakFreezeBanks } from './0960_c_streak_freeze_banks.js';
import { sectionTen } from './0970_k_section_ten.js';
import { autoCreateUsers } from './0975_auto_create_users.js';
import { projectDeletion } from './0980_project_deletion.js';
import { usersDeleting } from './0985_users_deleting.js';
import { achievements } from './0990_achievements.js';
import { userCounts } from './0995_a_user_counts.js';
import { achievementUserProgress } from './0995_a_z_achievement_user_progress.js'; // sorts after 0995_a_user_counts
import { currencies } from './0995_d_currencies.js';
import { campaigns } from './0996_c_campaigns.js';
import { userAttributes } from './0996_c_user_attributes.js';
import { referrals } from './0996_r_referrals.js';
import { campaignBackfill } from './0997_b_campaign_backfill.js';
import { campaignNotices } from './0997_b_campaign_notices.js';
import { segments } from './0997_s_segments.js';
import { campaignDays } from './0997_z_campaign_days.js';
import { monthlyBoardByUser } from './0998_a_monthly_board_by_user.js';
import { archiveTotals } from './0998_b_archive_totals.js';
import { usersRewardsAt } from './0998_c_users_rewards_at.js';
import { writeLanes } from './0998_d_write_lanes.js';

/**
 * Every migration, in order. Names sort in the order they must run; a module adds its tables in a
 * new file here (one line below), never by editing an applied migration.
 */
export function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_foundation': foundation(dialect),
    '0100_events': events(dialect),
    '0200_leaderboards': leaderboards(dialect),
    '0300_challenges_streaks': challengesStreaks(dialect),
    '0400_offers_surveys': offersSurveys(dialect),
    '0500_analytics_jobs': analyticsJobs(dialect),
    '0600_write_path': writePath(dialect),
    '0700_idempotency_lease': idempotencyLease(),
    '0800_webhooks': webhooks(),
    '0850_event_log': eventLog(dialect),
    '0850_users_last_active': usersLastActive(),
    '0850_audit_log': auditLog(dialect),
    '0900_tiers_reversals': tiersReversals(),
    '0950_user_time_zones': userTimeZones(),
    '0950_v2_streak_freezes': streakFreezes(),
    '0950_w_seasons': seasons(),
    '0960_a_expiry': pointsExpiry(),
    '0960_c_offer_streak_freeze': offerStreakFreeze(),
    '0960_c_streak_freeze_banks': streakFreezeBanks(),
    '0970_k_section_ten': sectionTen(),
    '0975_auto_create_users': autoCreateUsers(),
    '0980_project_deletion': projectDeletion(),
    '0985_users_deleting': usersDeleting(),
    '0990_achievements': achievements(),
    '0995_a_user_counts': userCounts(),
    '0995_a_z_achievement_user_progress': achievementUserProgress(),
    '0995_d_currencies': currencies(),
    '0996_c_campaigns': campaigns(),
    '0996_c_user_attributes': userAttributes(),
    '0996_r_referrals': referrals(),
    '0997_b_campaign_backfill': campaignBackfill(),
    '0997_b_campaign_notices': campaignNotices(),
    '0997_s_segments': segments(),
    '0997_z_campaign_days': campaignDays(),
    '0998_a_monthly_board_by_user': monthlyBoardByUser(),
    '0998_b_archive_totals': archiveTotals(),
    '0998_c_users_rewards_at': usersRewardsAt(),
    '0998_d_write_lanes': writeLanes(dialect),
  };
}
