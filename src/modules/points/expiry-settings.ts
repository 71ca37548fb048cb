import type { Platform } from '../../platform/platform.js';
import { SettledCache } from '../../platform/shared-cache.js';
import type { ExpiryPolicy } from './lots.js';
import type { WriteBatch } from '../../write-path/write-batch.js';
import { pointsRepository } from './points.repository.js';

/**
 * A project's points expiry setting (`pointsExpiry`, decision 145), cached per project. The cache
 * listens on the projects topic: a change of any project drops it on every instance. In a batch the
 * setting is read on the batch's own transaction unless a finished load is cached (on SQLite the
 * batch holds the one connection, so it must never wait for a load outside it).
 */
export class ExpirySettings {
  private readonly cache: SettledCache<ExpiryPolicy | null>;

  constructor(private readonly platform: Platform) {
    this.cache = new SettledCache(platform.bus, 'projects', platform.config.cacheTtlMs);
  }

  get db() {
    return this.platform.db.kysely;
  }

  private query(projectId: string) {
    return pointsRepository.expirySettings(this.platform.db.kysely, projectId);
  }

  /** The policy of a project (null: its points do not expire, or no such project). */
  policy(projectId: string, batch?: WriteBatch): Promise<ExpiryPolicy | null> {
    const toPolicy = ([row]: Array<{ points_expiry_days: number | null; points_expiry_since: string | null }>) =>
      row && row.points_expiry_days !== null && row.points_expiry_since !== null
        ? { afterDays: Number(row.points_expiry_days), since: row.points_expiry_since }
        : null;
    return this.cache.rowsOf(projectId, () => this.query(projectId), toPolicy, batch && ((q) => batch.session.execute(q)));
  }
}
