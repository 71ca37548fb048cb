import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../http/errors.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import { SharedCache } from '../../platform/shared-cache.js';
import type { ApiKeysTable } from '../../platform/db/schema.js';

/**
 * API keys: service credentials of one project. The key is shown once at creation; only its
 * SHA-256 is stored. DELETE revokes (the row stays, so the id is never reused).
 */
export interface ApiKey {
  apiKeyId: string;
  name: string;
  keyPrefix: string;
  createdAt: number;
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

const toApiKey = (r: ApiKeysTable): ApiKey => ({
  apiKeyId: r.api_key_id,
  name: r.name,
  keyPrefix: r.key_prefix,
  createdAt: r.created_at,
});

export class ApiKeysService {
  /** key hash → owner, or null for an unknown key (negative answers are cached too). */
  private readonly cache: SharedCache<{ projectId: string; apiKeyId: string } | null>;

  constructor(private readonly platform: Platform) {
    this.cache = new SharedCache(platform.bus, 'apikeys', platform.config.cacheTtlMs, 10_000);
  }

  private get db() {
    return this.platform.db.kysely;
  }

  async create(projectId: string, input: { apiKeyId?: string; name: string }): Promise<ApiKey & { key: string }> {
    const apiKeyId = input.apiKeyId ?? generateId('ak');
    const key = `lrl_${randomBytes(24).toString('base64url')}`;
    const row: ApiKeysTable = {
      project_id: projectId,
      api_key_id: apiKeyId,
      name: input.name,
      key_hash: hashKey(key),
      key_prefix: key.slice(0, 8),
      created_at: this.platform.clock.now(),
      revoked_at: null,
      scopes: null,
    };
    const r = await this.db
      .insertInto('api_keys')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'api_key_id']).doNothing())
      .executeTakeFirst();
    if (Number(r.numInsertedOrUpdatedRows ?? 0) === 0) throw AppError.of('API_KEY_EXISTS', `API key ${apiKeyId} already exists`);
    await this.platform.bus.publish('apikeys');
    return { ...toApiKey(row), key };
  }

  async list(projectId: string): Promise<ApiKey[]> {
    const rows = await this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at')
      .execute();
    return rows.map(toApiKey);
  }

  async get(projectId: string, apiKeyId: string): Promise<ApiKey> {
    const row = await this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('api_key_id', '=', apiKeyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw AppError.of('API_KEY_NOT_FOUND', apiKeyId);
    return toApiKey(row);
  }

  async rename(projectId: string, apiKeyId: string, name: string): Promise<ApiKey> {
    await this.get(projectId, apiKeyId);
    await this.db.updateTable('api_keys').set({ name }).where('project_id', '=', projectId).where('api_key_id', '=', apiKeyId).execute();
    return this.get(projectId, apiKeyId);
  }

  async revoke(projectId: string, apiKeyId: string): Promise<void> {
    const r = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: this.platform.clock.now() })
      .where('project_id', '=', projectId)
      .where('api_key_id', '=', apiKeyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw AppError.of('API_KEY_NOT_FOUND', apiKeyId);
    await this.platform.bus.publish('apikeys');
  }

  async resolve(key: string): Promise<{ projectId: string; apiKeyId: string } | null> {
    const hash = hashKey(key);
    const hit = this.cache.get(hash);
    if (hit !== undefined) return hit;
    const row = await this.db
      .selectFrom('api_keys')
      .select(['project_id', 'api_key_id'])
      .where('key_hash', '=', hash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    const owner = row ? { projectId: row.project_id, apiKeyId: row.api_key_id } : null;
    this.cache.set(hash, owner);
    return owner;
  }
}
