import { AppError } from '../../http/errors.js';

/** Boards a user stream may follow (`boards=`). */
export const MAX_BOARDS = 4;
/** Derived messages (ranks, notification flags) and feeds (board pages, the event log) are sent at most this often. */
export const THROTTLE_MS = 1_000;
/** Most entries of a board stream. */
export const MAX_TOP = 100;

/** A board a user stream follows: `group:7d|30d|365d|month` (month: the current one). */
export interface BoardSpec {
  name: string;
  groupId: string;
  period: { timeframe: string } | 'current-month';
}

/** Parses `boards=default:7d,vip:month` (at most MAX_BOARDS, no repeats); 400 otherwise. */
export function parseBoards(raw: string | undefined): BoardSpec[] {
  if (raw === undefined || raw === '') return [];
  const names = raw.split(',');
  if (names.length > MAX_BOARDS) throw AppError.of('INVALID_PARAMETER', `boards names at most ${MAX_BOARDS} boards`);
  const specs: BoardSpec[] = [];
  for (const name of names) {
    const m = /^([A-Za-z0-9_-]{1,128}):(7d|30d|365d|month)$/.exec(name);
    if (!m) throw AppError.of('INVALID_PARAMETER', `boards: "${name}" is not group:7d, group:30d, group:365d or group:month`);
    if (specs.some((s) => s.name === name)) throw AppError.of('INVALID_PARAMETER', `boards: "${name}" is named twice`);
    const p = m[2]!;
    const period = p === 'month' ? 'current-month' : { timeframe: p };
    specs.push({ name, groupId: m[1]!, period });
  }
  return specs;
}
