import type { Principal } from '../../http/auth/principal.js';
import { AppError } from '../../http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { awardedReason } from './event-log-reason.js';
import { EventLogRepository, type EventLogRow, type StoredEventLogRow } from './event-log.repository.js';
import type { EventLogEntry, EventLogPage, EventLogQuery, Outcome } from './event-log.schemas.js';

const DAY_MS = 86_400_000;
/** Metadata larger than this (as JSON) is not kept with a rejection (hostile or broken calls). */
const MAX_METADATA_CHARS = 4096;
const MAX_TEXT = 500;

/**
 * The event log (decision 120): what came of every POST /event call and bulk item, for the operator's
 * "why did this user get no points?". Accepted events are logged by the write path in their own batch
 * (events-batch.ts); rejected calls are logged here, those of one turn of the event loop in one
 * insert, before the caller gets its 4xx. Entries older than EVENT_LOG_DAYS, and beyond
 * EVENT_LOG_MAX_ENTRIES per project, go at the daily clean-up.
 */
export class EventLogService {
  private readonly repo: EventLogRepository;
  private pending: EventLogRow[] = [];
  private flushing: Promise<void> | null = null;

  constructor(private readonly platform: Platform) {
    this.repo = new EventLogRepository(platform.db.kysely);
  }

  /**
   * Logs a call refused with a 4xx; resolves once it is stored (never rejects: the log must not
   * change the caller's answer). `body` is the request body as received.
   */
  rejected(principal: Principal, body: unknown, status: number, code: string, message: string): Promise<void> {
    const b = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const metadata = b.metadata !== null && typeof b.metadata === 'object' && !Array.isArray(b.metadata) ? jsonOrNull(b.metadata) : null;
    this.pending.push({
      project_id: principal.projectId,
      at: this.platform.clock.now(),
      user_id: typeof b.userId === 'string' && b.userId.length <= 128 ? b.userId : principal.kind === 'user' ? principal.userId : null,
      event_id: typeof b.eventId === 'string' && b.eventId.length <= 128 ? b.eventId : null,
      outcome: 'REJECTED' satisfies Outcome,
      reason: message.slice(0, MAX_TEXT),
      points: 0,
      metadata: metadata !== null && metadata.length <= MAX_METADATA_CHARS ? metadata : null,
      status,
      code: code.slice(0, 100),
    });
    this.flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.flush());
    return this.flushing;
  }

  private async flush(): Promise<void> {
    const rows = this.pending;
    this.pending = [];
    this.flushing = null;
    try {
      await this.repo.insert(rows);
    } catch (err) {
      this.platform.log.warn({ err, entries: rows.length }, 'event log: rejected calls not logged');
    }
  }

  /** GET /admin/event-log: a project's entries, newest first. */
  async page(projectId: string, q: EventLogQuery): Promise<EventLogPage> {
    if (q.from !== undefined && q.to !== undefined && q.from > q.to) throw AppError.of('INVALID_RANGE', 'from must not be after to');
    const rows = await this.repo.page(projectId, {
      ...(q.userId !== undefined ? { userId: q.userId } : {}),
      ...(q.eventId !== undefined ? { eventId: q.eventId } : {}),
      ...(q.outcome !== undefined ? { outcome: q.outcome } : {}),
      ...(q.from !== undefined ? { from: q.from } : {}),
      ...(q.to !== undefined ? { to: q.to } : {}),
      ...(q.cursor !== undefined ? { before: decodeCursor(q.cursor) } : {}),
      limit: q.limit + 1,
    });
    const more = rows.length > q.limit;
    const page = more ? rows.slice(0, q.limit) : rows;
    const last = page[page.length - 1];
    return { entries: page.map(entryOf), nextCursor: more && last ? encodeCursor(Number(last.at), Number(last.row_id)) : null };
  }

  /** Up to `limit` entries of a user (the user-deletion job); returns rows deleted. */
  deleteUser(projectId: string, userId: string, limit: number): Promise<number> {
    return this.repo.deleteUser(projectId, userId, limit);
  }

  /** The daily clean-up: entries older than EVENT_LOG_DAYS, then each project's beyond EVENT_LOG_MAX_ENTRIES. */
  async prune(now: number): Promise<number> {
    const { eventLogDays, eventLogMaxEntries } = this.platform.config;
    let deleted = await this.repo.deleteBefore(now - eventLogDays * DAY_MS);
    for (const projectId of await this.repo.projectsOver(eventLogMaxEntries))
      deleted += await this.repo.keepNewest(projectId, eventLogMaxEntries);
    return deleted;
  }
}

function entryOf(r: StoredEventLogRow): EventLogEntry {
  const points = Number(r.points);
  return {
    at: Number(r.at),
    userId: r.user_id,
    eventId: r.event_id,
    outcome: r.outcome as Outcome,
    reason: r.reason ?? awardedReason(points),
    points,
    metadata: r.metadata === null ? null : (JSON.parse(r.metadata) as Record<string, unknown>),
    status: Number(r.status),
    code: r.code,
  };
}

function encodeCursor(at: number, rowId: number): string {
  return Buffer.from(`${at}:${rowId}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: number; rowId: number } {
  const m = /^(\d{1,16}):(\d{1,16})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw AppError.of('INVALID_CURSOR', 'cursor is not valid');
  return { at: Number(m[1]), rowId: Number(m[2]) };
}

/** The JSON text of a value a hostile call sent, or null when it has none (nested too deep for the stack, …). */
function jsonOrNull(value: unknown): string | null {
  try {
    return JSON.stringify(value) ?? null;
  } catch {
    return null;
  }
}
