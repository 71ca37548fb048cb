import { hash, randomBytes } from 'node:crypto';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../http/auth/api-key-scopes.js';
import { AppError } from '../../http/errors.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import { SharedCache } from '../../platform/shared-cache.js';
import type { ApiKeysTable } from '../../platform/db/schema.js';
import { ApiKeysRepository } from './apikeys.repository.js';

/**
 * API keys: service credentials of one project, accepted on every public route within their
 * scopes (decision 192). The key is shown once at creation; only its SHA-256 is stored. DELETE
 * revokes (the row stays, so the id is never reused).
 */
export interface ApiKey {
  apiKeyId: string;
  name: string;
  keyPrefix: string;
  /** What the key may do (decision 192); a key created without scopes has every scope. */
  scopes: ApiKeyScope[];
  createdAt: number;
}

/** The owner of a key and its scopes (null: every scope). */
export interface ApiKeyOwner {
  projectId: string;
  apiKeyId: string;
  scopes: readonly ApiKeyScope[] | null;
}

/** The stored scopes: null for every scope, else the JSON list in the order of API_KEY_SCOPES. */
function storedScopes(scopes: readonly ApiKeyScope[] | undefined): string | null {
  if (scopes === undefined) return null;
  return JSON.stringify(API_KEY_SCOPES.filter((s) => scopes.includes(s)));
}

const scopesOf = (stored: string | null): ApiKeyScope[] | null => (stored === null ? null : (JSON.parse(stored) as ApiKeyScope[]));

const hashKey = (key: string) => hash('sha256', key, 'hex');

const toApiKey = (r: ApiKeysTable): ApiKey => ({
  apiKeyId: r.api_key_id,
  name: r.name,
  keyPrefix: r.key_prefix,
  scopes: scopesOf(r.scopes) ?? [...API_KEY_SCOPES],
  createdAt: Number(r.created_at),
});

export class ApiKeysService {
  /** key hash → owner, or null for an unknown key (negative answers are cached too). */
  private readonly cache: SharedCache<ApiKeyOwner | null>;
  private readonly repository = new ApiKeysRepository();

  constructor(private readonly platform: Platform) {
    this.cache = new SharedCache(platform.bus, 'apikeys', platform.config.cacheTtlMs, 10_000);
  }

  private get db() {
    return this.platform.db.kysely;
  }

  async create(projectId: string, input: { apiKeyId?: string; name: string; scopes?: ApiKeyScope[] }): Promise<ApiKey & { key: string }> {
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
      scopes: storedScopes(input.scopes),
    };
    const r = await this.repository.insert(this.db, row);
    if (Number(r.numInsertedOrUpdatedRows ?? 0) === 0) throw AppError.of('API_KEY_EXISTS', `API key ${apiKeyId} already exists`);
    await this.platform.bus.publish('apikeys');
    return { ...toApiKey(row), key };
  }

  async list(projectId: string): Promise<ApiKey[]> {
    const rows = await this.repository.list(this.db, projectId);
    return rows.map(toApiKey);
  }

  async get(projectId: string, apiKeyId: string): Promise<ApiKey> {
    const row = await this.repository.find(this.db, projectId, apiKeyId);
    if (!row) throw AppError.of('API_KEY_NOT_FOUND', apiKeyId);
    return toApiKey(row);
  }

  /** Renames a key and, when given, sets its scopes (omitted: they stay); every instance drops its copy. */
  async update(projectId: string, apiKeyId: string, input: { name: string; scopes?: ApiKeyScope[] }): Promise<ApiKey> {
    await this.get(projectId, apiKeyId);
    const changes = { name: input.name, ...(input.scopes !== undefined ? { scopes: storedScopes(input.scopes) } : {}) };
    await this.repository.update(this.db, projectId, apiKeyId, changes);
    if (input.scopes !== undefined) await this.platform.bus.publish('apikeys');
    return this.get(projectId, apiKeyId);
  }

  async revoke(projectId: string, apiKeyId: string): Promise<void> {
    const r = await this.repository.revoke(this.db, projectId, apiKeyId, this.platform.clock.now());
    if (Number(r.numUpdatedRows) === 0) throw AppError.of('API_KEY_NOT_FOUND', apiKeyId);
    await this.platform.bus.publish('apikeys');
  }

  async resolve(key: string): Promise<ApiKeyOwner | null> {
    const keyHash = hashKey(key);
    const hit = this.cache.get(keyHash);
    if (hit !== undefined) return hit;
    const row = await this.repository.ownerOf(this.db, keyHash);
    const owner = row ? { projectId: row.project_id, apiKeyId: row.api_key_id, scopes: scopesOf(row.scopes) } : null;
    this.cache.set(keyHash, owner);
    return owner;
  }
}
