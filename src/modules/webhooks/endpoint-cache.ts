import type { Compilable } from 'kysely';
import type { Queryable } from '../../platform/db/database.js';
import type { Platform } from '../../platform/platform.js';
import { SettledCache } from '../../platform/shared-cache.js';
import type { WriteBatch } from '../../write-path/write-batch.js';
import { subscribes, toEndpoint, type Endpoint, type WebhookEndpointsRepository } from './webhooks.repository.js';
import { WEBHOOK_TYPES } from './webhook-types.js';
import type { WebhookEndpointsTable } from './webhooks.tables.js';

const TOPIC = 'webhooks';

/** A project's endpoints, with the ACTIVE subscribers of each type worked out once. */
export interface ProjectEndpoints {
  all: Endpoint[];
  byId: Map<string, Endpoint>;
  /** type → the ACTIVE endpoints that take it. */
  subscribers: Map<string, Endpoint[]>;
}

function index(all: Endpoint[]): ProjectEndpoints {
  const active = all.filter((e) => e.status === 'ACTIVE');
  return {
    all,
    byId: new Map(all.map((e) => [e.webhookId, e])),
    subscribers: new Map(WEBHOOK_TYPES.map((t) => [t, active.filter((e) => subscribes(e, t))])),
  };
}

/**
 * The endpoints of each project, cached like the other definitions (decision 092): dropped on
 * every instance when one of them changes (bus topic `webhooks`) and after the TTL. The write
 * path's outbox reads them for every batch, so a project without endpoints costs a map lookup.
 */
export class EndpointCache {
  private readonly cache: SettledCache<ProjectEndpoints>;

  constructor(
    private readonly platform: Platform,
    private readonly repo: WebhookEndpointsRepository,
  ) {
    this.cache = new SettledCache(platform.bus, TOPIC, platform.config.cacheTtlMs);
  }

  /**
   * A project's endpoints; a miss reads them with `db`. When `db` is a transaction the caller holds,
   * that load is joined by nobody while it runs (decision 355).
   */
  of(db: Queryable, projectId: string): Promise<ProjectEndpoints> {
    const pool = this.platform.db.kysely;
    return this.read(projectId, db === pool ? undefined : (q) => db.executeQuery(q.compile()).then((r) => r.rows));
  }

  /** A project's endpoints for a write batch: a miss reads them on the batch's transaction (decision 355). */
  ofBatch(batch: WriteBatch, projectId: string): Promise<ProjectEndpoints> {
    return this.read(projectId, (q) => batch.session.execute(q));
  }

  private read(
    projectId: string,
    run?: (query: Compilable<WebhookEndpointsTable>) => Promise<WebhookEndpointsTable[]>,
  ): Promise<ProjectEndpoints> {
    return this.cache.rowsOf(
      projectId,
      () => this.repo.listQuery(this.platform.db.kysely, projectId),
      (rows) => index(rows.map(toEndpoint)),
      run,
    );
  }

  /** Drops the project's entry on every instance (after a change of its endpoints). */
  changed(projectId: string): Promise<void> {
    return this.platform.bus.publish(TOPIC, projectId);
  }
}
