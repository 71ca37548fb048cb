import type { WriteBatch } from '../../write-path/write-batch.js';
import type { EventStagePart, PipelineEvent, PipelineOutcome } from '../events/index.js';
import { batchMessages, type EventMark, type LiveMessage } from './live-messages.js';

/** What a batch asks of the live service. */
export interface LiveHub {
  /** Whether anyone (on any instance) listens to the user. */
  wants(projectId: string, userId: string): boolean;
  /** Whether anyone listens to anyone. */
  readonly listening: boolean;
  publish(projectId: string, userId: string, messages: readonly LiveMessage[]): void;
}

/**
 * The live part of one batch. While nobody listens, each event costs one map lookup and the batch
 * nothing else; for a listened user, the event's stage results are kept by reference, and after the
 * commit the batch's facts of listened users become messages, in decision order.
 */
export class LiveBatch implements EventStagePart {
  private marks: EventMark[] | null = null;

  constructor(
    private readonly batch: WriteBatch,
    private readonly live: LiveHub,
  ) {}

  applyEvent(event: PipelineEvent, outcome: PipelineOutcome): void {
    if (!this.live.wants(event.projectId, event.userId)) return;
    (this.marks ??= []).push({ at: this.batch.notices.length, event, outcome });
  }

  afterCommit(): Promise<void> {
    const notices = this.batch.notices;
    if (notices.length === 0 && this.marks === null) return Promise.resolve();
    if (!this.live.listening) return Promise.resolve();
    try {
      for (const u of batchMessages(notices, this.marks ?? [], (p, u) => this.live.wants(p, u)).values())
        this.live.publish(u.projectId, u.userId, u.messages);
    } catch {
      // afterCommit must not throw; a stream that misses a message is told so by its next replay.
    }
    return Promise.resolve();
  }
}
