import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { Platform } from '../../platform/platform.js';
import type { WritePath } from '../../write-path/write-path.js';
import type { StoredEvent, StoredPageQuery } from '../events/index.js';
import { CampaignBackfill } from './campaign-backfill.js';
import { campaignBackfillParticipant } from './campaign-backfill-batch.js';
import { CampaignSchedule, type CampaignNoticeSink } from './campaign-schedule.js';
import { CampaignSimulation } from './campaign-simulation.js';
import type { CampaignsService } from './campaigns.service.js';

/** What the preview, the backfill and the notices read of other modules. */
export interface CampaignToolSources extends CampaignNoticeSink {
  storedEvents(projectId: string, q: StoredPageQuery): Promise<StoredEvent[]>;
  /** A user's time zone (the calendar of a campaign's days of the week; decision 327). */
  timeZone(projectId: string, userId: string): Promise<string>;
}

/**
 * The simulation, the backfill (a job kind and its write-path participant) and the started/ended
 * notices (a minute task of the job runner) of campaigns, wired once (decisions 321–323).
 */
export function campaignTools(
  platform: Platform,
  jobs: JobRunner,
  writes: WritePath,
  campaigns: CampaignsService,
  sources: CampaignToolSources,
) {
  const simulation = new CampaignSimulation({
    draft: (p, body) => campaigns.draft(p, body),
    storedEvents: sources.storedEvents,
    timeZone: sources.timeZone,
  });
  const backfill = new CampaignBackfill(jobs, writes, { campaign: (p, c) => campaigns.stored(p, c), storedEvents: sources.storedEvents });
  const schedule = new CampaignSchedule(platform, sources);
  jobs.everyMinute([{ name: 'campaign-notices', run: async (now) => void (await schedule.run(now)) }]);
  return { simulation, backfill, schedule, participant: campaignBackfillParticipant };
}
