import type { Queryable } from '../../platform/db/database.js';
import type { ProjectsTable } from '../../platform/db/schema.js';

export class ProjectsRepository {
  constructor(private readonly db: Queryable) {}

  list(): Promise<ProjectsTable[]> {
    return this.db.selectFrom('projects').selectAll().orderBy('created_at').orderBy('project_id').execute();
  }

  async get(projectId: string): Promise<ProjectsTable | null> {
    return (await this.db.selectFrom('projects').selectAll().where('project_id', '=', projectId).executeTakeFirst()) ?? null;
  }

  /** Inserts unless the id is taken; returns whether it was inserted. */
  async insert(row: ProjectsTable): Promise<boolean> {
    const result = await this.db
      .insertInto('projects')
      .values(row)
      .onConflict((oc) => oc.column('project_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async update(
    projectId: string,
    changes: Partial<
      Pick<
        ProjectsTable,
        'name' | 'tier_window_months' | 'tier_grace_months' | 'points_expiry_days' | 'points_expiry_since' | 'auto_create_users'
      >
    >,
    now: number,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('projects')
      .set({ ...changes, updated_at: now })
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async delete(projectId: string): Promise<boolean> {
    const r = await this.db.deleteFrom('projects').where('project_id', '=', projectId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
