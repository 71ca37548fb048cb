/**
 * A module that keeps data about a user implements this, so that the user-deletion job
 * (DELETE /user/{userId}) can remove it in batches without knowing the module's tables.
 * Aggregates that are not per user (analytics rollups) are not user data and keep their counts.
 */
export interface UserDataOwner {
  /** Short name for logs and job progress, e.g. "ledger", "coupons". */
  readonly userDataName: string;
  /**
   * Deletes at most `limit` rows (or index entries) of the user's data and returns how many it
   * deleted; 0 means this owner holds nothing more of the user. Idempotent: safe to call again
   * after a crash.
   */
  deleteUserData(projectId: string, userId: string, limit: number): Promise<number>;
}
