import type { BatchSession } from '../../write-path/session.js';
import { addLiveUsers, deleteUnusedNewUser, liveCountShard } from './users.repository.js';

/** A user row a batch inserted (autoCreateUsers), and whether a unit went on to create the user. */
export interface NewUser {
  projectId: string;
  userId: string;
  created: boolean;
}

/**
 * Writes what a batch decided about the user rows it inserted, in its transaction: a row no unit
 * went on to create is removed again (rare: every such unit was refused); the users created are
 * added to their project's live-user count, in one shard chosen for the batch (decision 287).
 */
export function writeNewUsers(session: BatchSession, users: Iterable<NewUser>): Promise<unknown> {
  const created = new Map<string, number>();
  const writes: Array<Promise<unknown>> = [];
  for (const u of users) {
    if (u.created) created.set(u.projectId, (created.get(u.projectId) ?? 0) + 1);
    else session.later(deleteUnusedNewUser, { projectId: u.projectId, userId: u.userId });
  }
  if (created.size > 0) {
    const shard = liveCountShard();
    // In project order: two batches that meet on rows of the count take them in the same order.
    const rows = [...created].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    writes.push(
      addLiveUsers.later(
        session,
        rows.map(([project_id, users]) => ({ project_id, shard, users })),
      ),
    );
  }
  return Promise.all(writes);
}
