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

/** A page of history: the JSON text of its entries (an array; null when there are none) and the next page's cursor. */
export interface HistoryPage {
  /** What `Type.Array(HistoryEntry)` describes, written as text (decision 340). */
  json: string | null;
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

/**
 * The JSON of what each campaign added, from a CAMPAIGN entry's metadata (decision 328), or null; a
 * backfill's entry names its one campaign in another field and lists none.
 */
function campaignsJson(metadata: string | null): string | null {
  if (metadata === null) return null;
  const m = JSON.parse(metadata) as { campaigns?: Array<{ campaignId: string; points: number }> };
  if (!Array.isArray(m.campaigns)) return null;
  return JSON.stringify(m.campaigns.map((c) => ({ campaignId: String(c.campaignId), points: Number(c.points) })));
}

/**
 * A stored title or description as the JSON the entry shows. The ledger stores them as the JSON of
 * `{ de, en }` (ledger-batch.ts, `historyJson`), which is pasted as it is; any other shape is read and
 * written again as `{ de, en }`.
 */
function textJson(stored: string): string {
  if (STORED_TEXT.test(stored)) return stored;
  const t = JSON.parse(stored) as Partial<HistoryText>;
  return JSON.stringify({ de: String(t.de ?? ''), en: String(t.en ?? '') });
}

/** `{"de":"…","en":"…"}` as JSON.stringify writes it: no unescaped quote or backslash inside either string. */
const STORED_TEXT = /^\{"de":"(?:[^"\\]|\\.)*","en":"(?:[^"\\]|\\.)*"\}$/;

/**
 * A page of the history as JSON text, in the order of `HistoryEntry`'s properties. The entries are
 * written here rather than built as objects for the route's serializer: a page holds up to 1,000
 * entries, and the texts are already JSON in the ledger (decision 340).
 */
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
  const count = Math.min(rows.length, query.limit);
  if (count === 0) return { json: null, nextCursor: null };
  // The same for every entry of the page.
  const tail = `,"userId":${JSON.stringify(userId)},"globalEventDateKey":`;
  const currencyJson = currency === 'points' ? '' : `,"currency":${JSON.stringify(currency)}`;
  let json = '[';
  for (let i = 0; i < count; i++) {
    const r = rows[i]!;
    const occurredAt = Number(r.occurred_at);
    const points = Number(r.points);
    const pending = Number(r.pending_points);
    json +=
      `${i === 0 ? '' : ','}{"id":${JSON.stringify(historyId(r.type, r.source_id, occurredAt, Number(r.earlier ?? 0)))}` +
      `,"timestamp":${occurredAt},"type":${JSON.stringify(r.type)},"points":${points + pending}` +
      `,"image":${r.image === null ? 'null' : JSON.stringify(r.image)}` +
      `,"description":${textJson(r.description)},"title":${textJson(r.title)}${tail}${JSON.stringify(r.date_key)}`;
    if (r.available_at !== null) {
      const status = pending > 0 ? 'PENDING' : points > 0 ? 'AVAILABLE' : 'CANCELLED';
      json += `,"status":"${status}","availableAt":${Number(r.available_at)}`;
    }
    json += currencyJson;
    const campaigns = r.type === 'CAMPAIGN' ? campaignsJson(r.metadata) : null;
    json += campaigns === null ? '}' : `,"campaigns":${campaigns}}`;
  }
  const last = rows[count - 1]!;
  return {
    json: `${json}]`,
    nextCursor: rows.length > query.limit ? encodeCursor(Number(last.occurred_at), Number(last.entry_id)) : null,
  };
}
