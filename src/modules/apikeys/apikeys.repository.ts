import type { Queryable } from '../../platform/db/database.js';
import type { ApiKeysTable } from '../../platform/db/schema.js';

/** The fields of a key an operator may change (scopes only when given). */
export type ApiKeyChanges = { name: string; scopes?: string | null };

/** SQL of API keys (apikeys.service.ts). Revoked keys stay (their ids are never reused). */
export class ApiKeysRepository {
  /** Inserts a key unless its id is taken. */
  insert(db: Queryable, row: ApiKeysTable) {
    return db
      .insertInto('api_keys')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'api_key_id']).doNothing())
      .executeTakeFirst();
  }

  /** The project's keys not revoked, oldest first. */
  list(db: Queryable, projectId: string) {
    return db
      .selectFrom('api_keys')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at')
      .execute();
  }

  find(db: Queryable, projectId: string, apiKeyId: string) {
    return db
      .selectFrom('api_keys')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('api_key_id', '=', apiKeyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  update(db: Queryable, projectId: string, apiKeyId: string, changes: ApiKeyChanges) {
    return db.updateTable('api_keys').set(changes).where('project_id', '=', projectId).where('api_key_id', '=', apiKeyId).execute();
  }

  revoke(db: Queryable, projectId: string, apiKeyId: string, now: number) {
    return db
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('project_id', '=', projectId)
      .where('api_key_id', '=', apiKeyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  /** The owner of the key with this hash, unless it is revoked. */
  ownerOf(db: Queryable, keyHash: string) {
    return db
      .selectFrom('api_keys')
      .select(['project_id', 'api_key_id', 'scopes'])
      .where('key_hash', '=', keyHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }
}
