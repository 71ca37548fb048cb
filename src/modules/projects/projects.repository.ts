import type { Queryable } from '../../platform/db/database.js';
import type { ProjectsTable } from '../../platform/db/schema.js';

export class ProjectsRepository {
  constructor(private readonly db: Queryable) {}

  /** The query of a project's tier settings (run alone, or in the write path's transaction). */
  tierSettingsQuery(projectId: string) {
    return this.db
      .selectFrom('projects')
      .select(['tier_window_months', 'tier_grace_months', 'tier_currency'])
      .where('project_id', '=', projectId);
  }

  /** The live projects (not those being deleted). */
  list(): Promise<ProjectsTable[]> {
    return this.db.selectFrom('projects').selectAll().where('deleted_at', 'is', null).orderBy('created_at').orderBy('project_id').execute();
  }

  /** A live project, or null (also while it is being deleted). */
  async get(projectId: string): Promise<ProjectsTable | null> {
    const row = await this.find(projectId);
    return row && row.deleted_at == null ? row : null;
  }

  /** The project's row, also while it is being deleted. */
  async find(projectId: string): Promise<ProjectsTable | null> {
    return (await this.db.selectFrom('projects').selectAll().where('project_id', '=', projectId).executeTakeFirst()) ?? null;
  }

  /** Marks a live project as being deleted; false when there is no live project of that id. */
  async markDeleted(projectId: string, at: number): Promise<boolean> {
    const r = await this.db
      .updateTable('projects')
      .set({ deleted_at: at })
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Removes the row of a project being deleted (the deletion job's last step). */
  async removeMarked(projectId: string): Promise<number> {
    const r = await this.db
      .deleteFrom('projects')
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is not', null)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
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
        | 'name'
        | 'tier_window_months'
        | 'tier_grace_months'
        | 'tier_currency'
        | 'points_expiry_days'
        | 'points_expiry_since'
        | 'auto_create_users'
      >
    >,
    now: number,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('projects')
      .set({ ...changes, updated_at: now })
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
