import type { Platform } from '../../platform/platform.js';
import { SharedCache } from '../../platform/shared-cache.js';
import { num, toOffer } from './offer-views.js';
import type { OffersRepository } from './offers.repository.js';
import type { Offer } from './offers.schemas.js';

/** The bus topic of feed changes: an offer or a shop was written (any project: such writes are rare). */
const FEED_TOPIC = 'offer-feed';
/** Feeds kept per instance (a project and an offer type each). */
const MAX_FEEDS = 10_000;

/** A feed as JSON text, and the span of clock time [from, until) over which no offer's validity starts or ends. */
interface FeedText {
  json: string;
  from: number;
  until: number;
}

/**
 * GET /user/{userId}/offer/feed (decision 341). The feed is the same for every user of a project: the
 * active offers, in an active shop or none, valid at this time, of the type when given. It is kept as
 * JSON text per project and type until the next moment an offer's validity starts or ends. Every write of
 * an offer or a shop drops it on every instance (the bus; `changed`), and it expires after the caches' TTL
 * anyway, as SharedCache entries do.
 */
export class OfferFeed {
  private readonly feeds: SharedCache<Promise<FeedText>>;

  constructor(
    private readonly platform: Platform,
    private readonly repo: OffersRepository,
  ) {
    this.feeds = new SharedCache(platform.bus, FEED_TOPIC, platform.config.cacheTtlMs, MAX_FEEDS);
  }

  /** The feed of a project (of one offer type when given), as the JSON text of `Offer[]`. */
  async json(projectId: string, type: string | undefined): Promise<string> {
    const now = this.platform.clock.now();
    const key = `${projectId}\n${type ?? ''}`;
    const kept = await this.feeds.getOrLoad(key, () => this.load(projectId, type, now));
    if (kept.from <= now && now < kept.until) return kept.json;
    // A validity bound passed since (or the clock went back): read again, and keep that.
    this.feeds.delete(key);
    return (await this.feeds.getOrLoad(key, () => this.load(projectId, type, now))).json;
  }

  /** An offer or a shop was written: every instance reads its feeds again. Called after the write committed. */
  changed(): Promise<void> {
    return this.platform.bus.publish(FEED_TOPIC);
  }

  private async load(projectId: string, type: string | undefined, now: number): Promise<FeedText> {
    const rows = await this.repo.feedCandidates(this.platform.db.kysely, projectId, type);
    const offers: Offer[] = [];
    let until = Infinity;
    for (const r of rows) {
      const from = num(r.valid_from);
      const to = num(r.valid_until);
      if (from !== null && from > now) until = Math.min(until, from);
      if (to !== null && to > now) until = Math.min(until, to);
      if ((from === null || from <= now) && (to === null || to > now)) offers.push(toOffer(r));
    }
    return { json: JSON.stringify(offers), from: now, until };
  }
}
