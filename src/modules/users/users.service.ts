import { AppError } from '../../http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { UsersRepository } from './users.repository.js';

/** Users are created by the client (POST /user) before their first event. */
export class UsersService {
  private readonly repo: UsersRepository;

  constructor(private readonly platform: Platform) {
    this.repo = new UsersRepository(platform.db.kysely);
  }

  async create(projectId: string, userId: string): Promise<{ userId: string; createdAt: number }> {
    const createdAt = this.platform.clock.now();
    if (!(await this.repo.insert(projectId, userId, createdAt))) {
      throw AppError.badRequest(`User ${userId} already exists`, 'USER_EXISTS');
    }
    return { userId, createdAt };
  }

  async exists(projectId: string, userId: string): Promise<boolean> {
    return (await this.repo.find(projectId, userId)) !== undefined;
  }

  async require(projectId: string, userId: string) {
    const user = await this.repo.find(projectId, userId);
    if (!user) throw AppError.notFound(`User ${userId} not found`, 'USER_NOT_FOUND');
    return user;
  }

  /** Balance for GET /user/{userId}/points: an unknown user has 0 points and userExists false. */
  async points(projectId: string, userId: string): Promise<{ userId: string; points: number; userExists: boolean }> {
    const user = await this.repo.find(projectId, userId);
    return { userId, points: user ? Number(user.points) : 0, userExists: user !== undefined };
  }
}
