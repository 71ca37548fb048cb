import type { Queryable } from '../../platform/db/database.js';
import type { Platform } from '../../platform/platform.js';
import { campaignNoticesRepository as repo, type DueNotice } from './campaign-notices.repository.js';

/** Notices of one kind sent per run at most (the rest go on the next minute). */
const PER_RUN = 100;

/** A `campaign.started` or `campaign.ended` message for the webhook outbox. */
export interface CampaignNoticeMessage {
  type: 'campaign.started' | 'campaign.ended';
  data: Record<string, unknown>;
  at: number;
}

/** Where the notices go (the webhooks module's outbox, in the caller's transaction). */
export interface CampaignNoticeSink {
  report(trx: Queryable, projectId: string, messages: CampaignNoticeMessage[]): Promise<unknown>;
  /** After the transactions that reported committed: wake the dispatcher. */
  committed(): void;
}

/**
 * The `campaign.started` and `campaign.ended` webhooks (decision 323), driven by the clock: a task of
 * the job runner that runs once a minute and whenever the test clock moves. Each notice is claimed by
 * inserting its `campaign_notices` row in the transaction that puts the message into the outbox, so
 * it is sent exactly once whatever the instances; `ended` follows `started` (also when both fell due
 * while no instance ran).
 */
export class CampaignSchedule {
  constructor(
    private readonly platform: Platform,
    private readonly sink: CampaignNoticeSink,
  ) {}

  private get db() {
    return this.platform.db.kysely;
  }

  /** Sends what is due at `now`; answers how many notices this call sent. */
  async run(now: number): Promise<number> {
    let sent = 0;
    for (const c of await repo.dueStarted(this.db, now, PER_RUN)) if (await this.send(c, 'started', now)) sent++;
    for (const c of await repo.dueEnded(this.db, now, PER_RUN)) if (await this.send(c, 'ended', now)) sent++;
    if (sent > 0) this.sink.committed();
    return sent;
  }

  private async send(c: DueNotice, kind: 'started' | 'ended', now: number): Promise<boolean> {
    const projectId = c.project_id;
    const campaignId = c.campaign_id;
    return this.db.transaction().execute(async (trx) => {
      if (!(await repo.claim(trx, { project_id: projectId, campaign_id: campaignId, kind, sent_at: now }))) return false;
      const data: Record<string, unknown> = { campaignId, title: c.title, startAt: Number(c.start_at), endAt: Number(c.end_at) };
      if (kind === 'ended') {
        data.spent = await repo.spent(trx, projectId, campaignId);
        data.currency = (JSON.parse(c.effect) as { currency?: string }).currency ?? 'points';
      }
      await this.sink.report(trx, projectId, [{ type: `campaign.${kind}`, data, at: now }]);
      return true;
    });
  }
}
