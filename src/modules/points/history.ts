import { Type, type Static } from 'typebox';
import { AppError } from '../../http/errors.js';
import type { Queryable } from '../../platform/db/database.js';
import { historyId, type HistoryText } from './ledger.js';
import { pointsRepository } from './points.repository.js';

/**
 * The reward history (GET /user/{userId}/history) is the ledger read back: newest first by
 * default, 0-point entries hidden unless showAll, pages of `limit` entries with an opaque cursor
 * (occurred_at and entry_id of the last entry), the next one in the `x-next-cursor` header. One
 * currency at a time (`currency`, default `points`): ids are unique within a currency's entries.
 */
export const HistoryQuery = Type.Object({
  sort: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }),
  showAll: Type.Boolean({ default: false, description: 'true also lists entries with 0 points' }),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  cursor: Type.Optional(Type.String({ maxLength: 200, description: 'x-next-cursor of the previous page' })),
  currency: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'The currency whose entries are listed (default `points`)' }),
  ),
});
export type HistoryQuery = Static<typeof HistoryQuery>;

const Text = Type.Object({ de: Type.String(), en: Type.String() });
export const HistoryEntry = Type.Object({
  id: Type.String({
    description: '<TYPE>#<sourceId>#<timestamp_ms>; a further entry of the same source and millisecond adds #<n> (n = 2, 3, …)',
  }),
  timestamp: Type.Integer(),
  type: Type.String(),
  points: Type.Number(),
  image: Type.Union([Type.String(), Type.Null()]),
  description: Text,
  title: Text,
  userId: Type.String(),
  globalEventDateKey: Type.String(),
  status: Type.Optional(
    Type.Union([Type.Literal('PENDING'), Type.Literal('AVAILABLE'), Type.Literal('CANCELLED')], {
      description:
        'Only on a credit of an event with pendingDays: PENDING until availableAt, then AVAILABLE; CANCELLED when reversed while pending',
    }),
  ),
  availableAt: Type.Optional(Type.Integer({ description: 'When a pending credit becomes (or became) available (Unix ms)' })),
  currency: Type.Optional(Type.String({ description: 'The currency of the entry; absent for `points`' })),
  campaigns: Type.Optional(
    Type.Array(Type.Object({ campaignId: Type.String(), points: Type.Number() }), {
      description:
        'Only on a CAMPAIGN entry of an event: what each campaign added, in the order paid (one entry per event and currency sums them)',
    }),
  ),
});
export type HistoryEntry = Static<typeof HistoryEntry>;

export interface HistoryPage {
  entries: HistoryEntry[];
  nextCursor: string | null;
}

function encodeCursor(occurredAt: number, entryId: number): string {
  return Buffer.from(`${occurredAt}:${entryId}`).toString('base64url');
}

function decodeCursor(cursor: string): { occurredAt: number; entryId: number } {
  const m = /^(\d{1,16}):(\d{1,16})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw AppError.of('INVALID_CURSOR', 'cursor is not valid');
  return { occurredAt: Number(m[1]), entryId: Number(m[2]) };
}

/** What each campaign added, from a CAMPAIGN entry's metadata (decision 328); a backfill's entry names its one campaign. */
function campaignsOf(metadata: string | null): { campaigns?: Array<{ campaignId: string; points: number }> } {
  if (metadata === null) return {};
  const m = JSON.parse(metadata) as { campaigns?: Array<{ campaignId: string; points: number }>; campaignId?: string };
  if (Array.isArray(m.campaigns)) return { campaigns: m.campaigns.map((c) => ({ campaignId: c.campaignId, points: c.points })) };
  return {};
}

export async function readHistory(db: Queryable, projectId: string, userId: string, query: HistoryQuery): Promise<HistoryPage> {
  const dir = query.sort === 'asc' ? 'asc' : 'desc';
  const after = query.cursor !== undefined ? decodeCursor(query.cursor) : null;
  const currency = query.currency ?? 'points';
  const rows = await pointsRepository.historyPage(db, projectId, userId, {
    dir,
    showAll: !!query.showAll,
    after,
    limit: query.limit,
    currency,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map((r) => ({
      id: historyId(r.type, r.source_id, Number(r.occurred_at), Number(r.earlier ?? 0)),
      timestamp: Number(r.occurred_at),
      type: r.type,
      points: Number(r.points) + Number(r.pending_points),
      image: r.image,
      description: JSON.parse(r.description) as HistoryText,
      title: JSON.parse(r.title) as HistoryText,
      userId: r.user_id,
      globalEventDateKey: r.date_key,
      ...(currency === 'points' ? {} : { currency }),
      ...(r.available_at === null
        ? {}
        : {
            status:
              Number(r.pending_points) > 0 ? ('PENDING' as const) : Number(r.points) > 0 ? ('AVAILABLE' as const) : ('CANCELLED' as const),
            availableAt: Number(r.available_at),
          }),
      ...(r.type === 'CAMPAIGN' ? campaignsOf(r.metadata) : {}),
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(Number(last.occurred_at), Number(last.entry_id)) : null,
  };
}
