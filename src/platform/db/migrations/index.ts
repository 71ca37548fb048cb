import type { Migration } from 'kysely';
import type { DialectName } from '../database.js';
import { foundation } from './0001_foundation.js';
import { events } from './0100_events.js';
import { leaderboards } from './0200_leaderboards.js';
import { analyticsJobs } from './0500_analytics_jobs.js';

/**
 * Every migration, in order. Names sort in the order they must run; a module adds its tables in a
 * new file here (one line below), never by editing an applied migration.
 */
export function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_foundation': foundation(dialect),
    '0100_events': events(dialect),
    '0200_leaderboards': leaderboards(dialect),
    '0500_analytics_jobs': analyticsJobs(dialect),
  };
}
