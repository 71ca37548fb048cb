import type { BatchNotice } from '../../write-path/write-batch.js';
import type { PipelineEvent, PipelineOutcome } from '../events/index.js';

/**
 * What a live stream sends (docs/live.md): an SSE message's `event:` name and its `data`. The write
 * path's facts of one user, in the order the batch decided them; `id:` is given by the transport.
 */
export interface LiveMessage {
  event: LiveEventName;
  data: Record<string, unknown>;
}

/** Messages that come from the write path (transported between instances and replayed). */
export const TRANSPORTED = [
  'points.changed',
  'challenge.progress',
  'challenge.completed',
  'streak.updated',
  'tier.changed',
  'achievement.unlocked',
] as const;
/** Messages each instance derives for its own streams from the shared state (re-sent on every connect). */
export const DERIVED = ['notifications.changed', 'rank.changed'] as const;
/** Control messages: `reset` (what was missed cannot be replayed), `leaderboard` (the board stream). */
export type LiveEventName = (typeof TRANSPORTED)[number] | (typeof DERIVED)[number] | 'reset' | 'leaderboard';

/** Where in the batch's notices an event's stages had run (the outcome's messages go there). */
export interface EventMark {
  at: number;
  event: PipelineEvent;
  outcome: PipelineOutcome;
}

/** A notice of the write path as a live message, or null for the notices a stream does not carry. */
export function fromNotice(n: BatchNotice): LiveMessage | null {
  const d = n.data;
  switch (n.type) {
    case 'points.changed':
      return {
        event: 'points.changed',
        data: {
          currency: d.currency ?? 'points',
          delta: d.points,
          balance: d.balance,
          source: { type: d.entryType, id: d.sourceId },
          occurredAt: d.occurredAt,
        },
      };
    case 'challenge.completed':
      return { event: 'challenge.completed', data: withoutUser(d) };
    case 'tier.changed':
      return { event: 'tier.changed', data: withoutUser(d) };
    case 'achievement.unlocked':
      return { event: 'achievement.unlocked', data: withoutUser(d) };
    default:
      return null;
  }
}

/** What an event's stages decided that no notice carries: challenge progress (not completion) and streak state. */
export function fromOutcome(mark: EventMark): LiveMessage[] {
  const out: LiveMessage[] = [];
  for (const c of mark.outcome.challenges)
    if (!c.completed)
      out.push({
        event: 'challenge.progress',
        data: { challengeId: c.challengeId, progress: c.progress, goal: c.goal, eventId: mark.event.eventId },
      });
  for (const s of mark.outcome.streaks)
    out.push({
      event: 'streak.updated',
      data: {
        streakId: s.streakId,
        currentCount: s.currentCount,
        lastUpdate: s.lastUpdate,
        milestoneReached: s.milestoneReached,
        pointsAwarded: s.pointsAwarded,
      },
    });
  return out;
}

/**
 * The messages of a batch per listened user (`wants`), in decision order: each notice where it was
 * decided, and each event's stage results right after the notices its stages published.
 */
export function batchMessages(
  notices: readonly BatchNotice[],
  marks: readonly EventMark[],
  wants: (projectId: string, userId: string) => boolean,
): Map<string, { projectId: string; userId: string; messages: LiveMessage[] }> {
  const byUser = new Map<string, { projectId: string; userId: string; messages: LiveMessage[] }>();
  const add = (projectId: string, userId: string, m: LiveMessage) => {
    const key = `${projectId}\u0000${userId}`;
    let entry = byUser.get(key);
    if (!entry) byUser.set(key, (entry = { projectId, userId, messages: [] }));
    entry.messages.push(m);
  };
  let next = 0;
  const flushMarks = (upTo: number) => {
    while (next < marks.length && marks[next]!.at <= upTo) {
      const mark = marks[next++]!;
      for (const m of fromOutcome(mark)) add(mark.event.projectId, mark.event.userId, m);
    }
  };
  for (let i = 0; i < notices.length; i++) {
    flushMarks(i);
    const n = notices[i]!;
    if (!wants(n.projectId, n.userId)) continue;
    const m = fromNotice(n);
    if (m) add(n.projectId, n.userId, m);
  }
  flushMarks(Number.POSITIVE_INFINITY);
  return byUser;
}

function withoutUser(d: Record<string, unknown>): Record<string, unknown> {
  const { userId: _userId, ...rest } = d;
  return rest;
}
