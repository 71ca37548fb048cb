import { retryAfterMs } from './retry.js';

/** The `data` of each message of a user's live stream (docs/live.md). */
export interface LiveEvents {
  'points.changed': {
    currency: 'points';
    delta: number;
    balance: number;
    source: { type: string; id: string };
    occurredAt: number;
  };
  'challenge.progress': { challengeId: string; progress: number; goal: number; eventId: string };
  'challenge.completed': {
    challengeId: string;
    eventId: string;
    progress: number;
    goal: number;
    pointsAwarded: number;
    completedAt: number;
  };
  'streak.updated': { streakId: string; currentCount: number; lastUpdate: string; milestoneReached: boolean; pointsAwarded: number };
  'tier.changed': { tierId: string | null; previousTierId: string | null; since: number | null; earnedInWindow: number };
  'achievement.unlocked': { achievementId: string; level: number; pointsAwarded: number; unlockedAt: number; backfilled: boolean };
  'notifications.changed': { userId: string; hasUnseenChallenges: boolean; hasUnseenRewards: boolean; hasUnseenSurveys: boolean };
  'rank.changed': { board: string; groupId: string; timeframe?: string; month?: string; rank: number | null; points: number };
  /** What was missed cannot be replayed: read the state again. */
  reset: { reason: string };
}

export type LiveHandlers = { [E in keyof LiveEvents]?: (data: LiveEvents[E], id: string | null) => void } & {
  /** The stream is open (again). */
  open?: () => void;
  /** A failure; the helper reconnects unless `fatal` (a refusal that a retry would not change: 400, 401, 403, 404). */
  error?: (err: Error, fatal: boolean) => void;
};

export interface SubscribeOptions {
  /** Where Laurel is served, e.g. http://localhost:3000. */
  baseUrl: string;
  /** The user's JWT (or a service JWT), or a function returning one; or an API key with users:read. */
  auth: { token: string | (() => string | Promise<string>) } | { apiKey: string };
  userId: string;
  /** Boards to follow (rank.changed), at most 4: `default:7d`, `default:month`, … */
  boards?: string[];
  /** Resume after this id (replayed, or `reset`). */
  lastEventId?: string;
  fetch?: typeof fetch;
  /** First wait before a reconnect (default 1000 ms), doubled up to `maxDelayMs` (default 30000 ms). */
  minDelayMs?: number;
  maxDelayMs?: number;
}

export interface LiveSubscription {
  close(): void;
  /** The id of the last message received (what a reconnect resumes after). */
  readonly lastEventId: string | null;
}

/**
 * Follows a user's live stream (decision 274): asks for a one-time stream token, opens
 * GET /user/{userId}/stream with fetch, calls the handler of each message; when the stream ends or
 * fails, waits (backoff, or the Retry-After of a 429/503), takes a new token and reconnects with the
 * last id seen, so what was missed is replayed (or `reset` says it cannot be).
 */
export function subscribe(options: SubscribeOptions, handlers: LiveHandlers): LiveSubscription {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/$/, '');
  const user = encodeURIComponent(options.userId);
  const minDelay = options.minDelayMs ?? 1_000;
  const maxDelay = options.maxDelayMs ?? 30_000;
  let lastEventId: string | null = options.lastEventId ?? null;
  let closed = false;
  let abort: AbortController | null = null;
  let wake: (() => void) | null = null;

  const headers = async (): Promise<Record<string, string>> => {
    const auth = options.auth;
    if ('apiKey' in auth) return { 'x-api-key': auth.apiKey };
    return { authorization: `Bearer ${typeof auth.token === 'function' ? await auth.token() : auth.token}` };
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const refused = async (res: Response): Promise<Error> => {
    const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
    return Object.assign(new Error(body.message ?? `HTTP ${res.status}`), { statusCode: res.status, code: body.code });
  };

  const dispatch = (block: string) => {
    let id: string | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('id:')) id = line.slice(3).trimStart();
      else if (line.startsWith('event:')) event = line.slice(6).trimStart();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length === 0) return;
    if (id !== null) lastEventId = id;
    const handler = (handlers as Record<string, ((data: unknown, id: string | null) => void) | undefined>)[event];
    handler?.(JSON.parse(data.join('\n')), id);
  };

  const run = async () => {
    let delay = minDelay;
    while (!closed) {
      let wait = delay;
      try {
        const tokenRes = await doFetch(`${base}/user/${user}/stream-token`, { method: 'POST', headers: await headers() });
        if (!tokenRes.ok) throw Object.assign(await refused(tokenRes), { retryAfter: retryAfterMs(tokenRes.headers.get('retry-after')) });
        const { token } = (await tokenRes.json()) as { token: string };
        const query = new URLSearchParams({ token });
        if (options.boards?.length) query.set('boards', options.boards.join(','));
        if (lastEventId !== null) query.set('lastEventId', lastEventId);
        abort = new AbortController();
        const res = await doFetch(`${base}/user/${user}/stream?${query}`, {
          headers: { accept: 'text/event-stream' },
          signal: abort.signal,
        });
        if (!res.ok || !res.body) throw Object.assign(await refused(res), { retryAfter: retryAfterMs(res.headers.get('retry-after')) });
        handlers.open?.();
        delay = minDelay;
        wait = minDelay;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let pending = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          pending += value;
          let end: number;
          while ((end = pending.indexOf('\n\n')) >= 0) {
            dispatch(pending.slice(0, end));
            pending = pending.slice(end + 2);
          }
        }
      } catch (err) {
        if (closed) return;
        const status = (err as { statusCode?: number }).statusCode;
        const fatal = status !== undefined && status >= 400 && status < 500 && status !== 429 && status !== 408;
        handlers.error?.(err as Error, fatal);
        if (fatal) return;
        const after = (err as { retryAfter?: number | null }).retryAfter;
        if (typeof after === 'number') wait = after;
        delay = Math.min(maxDelay, delay * 2);
      }
      if (!closed) await sleep(wait);
    }
  };
  void run();

  return {
    close() {
      closed = true;
      abort?.abort();
      wake?.();
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}
