import { addDecimals, compareDecimals, decimalNumber, decimalText, parseDecimal, ZERO, type Decimal } from '../events/index.js';
import type { EventStagePart, PipelineEvent, PipelineOutcome } from '../events/index.js';
import { historyText } from '../points/index.js';
import { ledgerIn } from '../points/index.js';
import { userKey, type WriteBatch } from '../../write-path/write-batch.js';
import { isUnlocked, predecessors, progressIncrement, storedProgress, type Challenge, type Progress } from './challenge-view.js';
import './challenges.tables.js';
import { progressOfUsers, writeProgress } from './challenges.sql.js';

interface Row extends Progress {
  /** The progress as an exact decimal (decision 190); `progress` is its nearest number. */
  exact: Decimal;
  updatedAt: number;
  changed: boolean;
  /** Whether the row was stored before the batch. */
  stored: boolean;
}

/** Where the stage reads the project's challenges (the service's cache; a miss reads on the batch's transaction). */
export type ChallengeDefinitions = (batch: WriteBatch, projectId: string) => Promise<Challenge[]>;

/**
 * The challenges stage's part of a batch: the progress of the batch's users is read once, each
 * qualifying event advances it in memory (FIXED counts events, SUM adds a metadata value; a step
 * of a series advances once the step before it is completed), a completion pays `points` once with
 * a CHALLENGE entry, and the changed rows are written once.
 */
export class ChallengesBatch implements EventStagePart {
  private readonly defs = new Map<string, { all: Challenge[]; preds: Map<string, string> }>();
  /** Per user: challengeId → progress. */
  private readonly progress = new Map<string, { projectId: string; userId: string; rows: Map<string, Row> }>();

  constructor(
    private readonly batch: WriteBatch,
    private readonly definitions: ChallengeDefinitions,
  ) {}

  async load(): Promise<void> {
    const events = this.batch.unitsOf('event');
    const keys = new Map<string, { project_id: string; user_id: string }>();
    for (const { event: e } of events) {
      let defs = this.defs.get(e.projectId);
      if (!defs) {
        const all = await this.definitions(this.batch, e.projectId);
        this.defs.set(e.projectId, (defs = { all, preds: predecessors(all) }));
      }
      if (!e.conditionReached || !defs.all.some((c) => c.status === 'ACTIVE' && c.eventId === e.definition.eventId)) continue;
      const key = userKey(e.projectId, e.userId);
      if (!keys.has(key)) {
        keys.set(key, { project_id: e.projectId, user_id: e.userId });
        this.progress.set(key, { projectId: e.projectId, userId: e.userId, rows: new Map() });
      }
    }
    for (const r of await progressOfUsers.run(this.batch.session, [...keys.values()])) {
      this.progress.get(userKey(r.project_id, r.user_id))!.rows.set(r.challenge_id, {
        progress: Number(r.progress),
        exact: storedProgress(r.progress_exact, r.progress),
        completedAt: r.completed_at === null ? null : Number(r.completed_at),
        updatedAt: Number(r.updated_at),
        changed: false,
        stored: true,
      });
    }
  }

  applyEvent(event: PipelineEvent, outcome: PipelineOutcome): void {
    if (!event.qualifies) return;
    const defs = this.defs.get(event.projectId)!;
    const increments = defs.all
      .filter((c) => c.status === 'ACTIVE' && c.eventId === event.eventId)
      .map((c) => ({ c, by: progressIncrement(c, event.metadata, event.occurredAt, event.receivedAt) }))
      .filter((x) => x.by.units > 0n && (x.c.startDate === null || event.receivedAt >= x.c.startDate));
    if (increments.length === 0) return;
    const rows = this.progress.get(userKey(event.projectId, event.userId))!.rows;
    // A step opens for the events after the one that completed the step before it.
    const open = increments.filter(({ c }) => isUnlocked(c.challengeId, defs.preds, rows));
    for (const { c, by } of open) this.advance(rows, c, by, event, outcome);
  }

  private advance(rows: Map<string, Row>, c: Challenge, by: Decimal, event: PipelineEvent, outcome: PipelineOutcome): void {
    let row = rows.get(c.challengeId);
    if (row?.completedAt != null) return;
    const exact = addDecimals(row?.exact ?? ZERO, by);
    const progress = decimalNumber(exact);
    let pointsAwarded = 0;
    const completed = compareDecimals(exact, parseDecimal(c.goal) ?? ZERO) >= 0;
    if (completed) {
      const paid = ledgerIn(this.batch).record({
        projectId: event.projectId,
        userId: event.userId,
        type: 'CHALLENGE',
        sourceId: c.challengeId,
        ...(c.currency === undefined ? {} : { currency: c.currency }),
        points: c.points,
        occurredAt: event.occurredAt,
        title: historyText(c.title),
        description: historyText(c.description),
        image: c.image,
        metadata: { challengeId: c.challengeId, eventId: event.eventId },
        boardGroups: event.userGroups,
      });
      pointsAwarded = paid.points;
      if (c.currency === undefined) outcome.pointsEarned += paid.points;
    }
    if (!row)
      rows.set(
        c.challengeId,
        (row = { progress: 0, exact: ZERO, completedAt: null, updatedAt: event.receivedAt, changed: true, stored: false }),
      );
    row.progress = progress;
    row.exact = exact;
    row.updatedAt = event.receivedAt;
    row.changed = true;
    if (completed) {
      row.completedAt = event.receivedAt;
      this.batch.notify({
        type: 'challenge.completed',
        projectId: event.projectId,
        userId: event.userId,
        occurredAt: event.occurredAt,
        data: {
          userId: event.userId,
          challengeId: c.challengeId,
          eventId: event.eventId,
          progress,
          goal: c.goal,
          pointsAwarded,
          completedAt: event.receivedAt,
        },
      });
    }
    outcome.challenges.push({ challengeId: c.challengeId, progress, goal: c.goal, completed, pointsAwarded });
  }

  async write(): Promise<void> {
    const out: Array<Parameters<typeof writeProgress.run>[1][number]> = [];
    for (const { projectId, userId, rows } of this.progress.values()) {
      for (const [challengeId, r] of rows) {
        if (!r.changed) continue;
        out.push({
          exists: r.stored,
          row: {
            project_id: projectId,
            user_id: userId,
            challenge_id: challengeId,
            progress: r.progress,
            progress_exact: decimalText(r.exact),
            completed_at: r.completedAt,
            updated_at: r.updatedAt,
          },
        });
      }
    }
    await writeProgress.later(this.batch.session, out);
  }
}
