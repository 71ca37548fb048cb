import { AppError } from '../../http/errors.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import type { ProjectsTable } from '../../platform/db/schema.js';
import { ProjectsRepository } from './projects.repository.js';

/** Projects are tenants. `default` exists from the first start and cannot be deleted. */
export interface Project {
  projectId: string;
  name: string;
  createdAt: number;
  updatedAt: number;
}

const toProject = (r: ProjectsTable): Project => ({
  projectId: r.project_id,
  name: r.name,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export class ProjectsService {
  private readonly repo: ProjectsRepository;
  /** Known project ids; every authenticated request asks, so it is kept in memory. */
  private known: Set<string> | null = null;

  constructor(private readonly platform: Platform) {
    this.repo = new ProjectsRepository(platform.db.kysely);
    platform.bus.on('projects', () => {
      this.known = null;
    });
  }

  async ensureDefault(): Promise<void> {
    const now = this.platform.clock.now();
    await this.repo.insert({ project_id: 'default', name: 'Default project', created_at: now, updated_at: now });
  }

  async exists(projectId: string): Promise<boolean> {
    if (this.known === null) {
      this.known = new Set((await this.repo.list()).map((p) => p.project_id));
    }
    return this.known.has(projectId);
  }

  async list(): Promise<Project[]> {
    return (await this.repo.list()).map(toProject);
  }

  async get(projectId: string): Promise<Project> {
    const row = await this.repo.get(projectId);
    if (!row) throw AppError.notFound(`Project ${projectId} not found`, 'PROJECT_NOT_FOUND');
    return toProject(row);
  }

  async create(input: { projectId?: string; name: string }): Promise<Project> {
    const now = this.platform.clock.now();
    const projectId = input.projectId ?? generateId('prj');
    const inserted = await this.repo.insert({ project_id: projectId, name: input.name, created_at: now, updated_at: now });
    if (!inserted) throw AppError.conflict(`Project ${projectId} already exists`, 'PROJECT_EXISTS');
    await this.platform.bus.publish('projects');
    return { projectId, name: input.name, createdAt: now, updatedAt: now };
  }

  async update(projectId: string, input: { name: string }): Promise<Project> {
    if (!(await this.repo.update(projectId, input.name, this.platform.clock.now()))) {
      throw AppError.notFound(`Project ${projectId} not found`, 'PROJECT_NOT_FOUND');
    }
    return this.get(projectId);
  }

  /** Removes the project: its tokens and API keys stop working. Its records stay in the store. */
  async delete(projectId: string): Promise<void> {
    if (projectId === 'default') throw AppError.badRequest('The default project cannot be deleted', 'PROJECT_PROTECTED');
    if (!(await this.repo.delete(projectId))) throw AppError.notFound(`Project ${projectId} not found`, 'PROJECT_NOT_FOUND');
    await this.platform.bus.publish('projects');
  }
}
