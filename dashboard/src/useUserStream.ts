import { useEffect, useRef } from 'react';
import { useApi } from './session';

/** The wait before a live stream is opened again after it ended or failed. */
export const RECONNECT_MS = 2000;
/** Messages within this are one call of `onChange`. */
export const SETTLE_MS = 200;

/**
 * Follows a live stream (docs/live.md) of the signed-in project while `path` is set: `onChange` is
 * called (once per burst of messages) for the messages `counts` accepts, so a screen reloads instead
 * of polling. `first` is true for the first message after the stream was first opened (the state as
 * it was when the screen loaded). Reconnects after RECONNECT_MS when the stream ends or fails.
 */
export function useLiveStream(path: string | null, onChange: () => void, counts: (event: string, first: boolean) => boolean): void {
  const api = useApi();
  const changed = useRef(onChange);
  changed.current = onChange;
  const accept = useRef(counts);
  accept.current = counts;
  useEffect(() => {
    if (!path) return;
    const abort = new AbortController();
    let settle: ReturnType<typeof setTimeout> | null = null;
    let first = true;
    const message = (event: string) => {
      const wasFirst = first;
      first = false;
      if (!accept.current(event, wasFirst) || settle) return;
      settle = setTimeout(() => {
        settle = null;
        changed.current();
      }, SETTLE_MS);
    };
    void (async () => {
      while (!abort.signal.aborted) {
        await api.stream(path, message, abort.signal).catch(() => undefined);
        if (!abort.signal.aborted) await new Promise((r) => setTimeout(r, RECONNECT_MS));
      }
    })();
    return () => {
      abort.abort();
      if (settle) clearTimeout(settle);
    };
  }, [path, api]);
}

/**
 * Follows a user's live stream while `userId` is set: `onChange` when something of the user changed —
 * points, challenges, streaks, tier. The flags and ranks are state the stream sends when it opens, not
 * something that happened.
 */
export function useUserStream(userId: string | null, onChange: () => void): void {
  useLiveStream(
    userId ? `/user/${encodeURIComponent(userId)}/stream` : null,
    onChange,
    (event) => event !== 'notifications.changed' && event !== 'rank.changed',
  );
}

/**
 * Follows the project's event log stream (GET /admin/event-log/stream) while `on`: `onChange` when a
 * newer entry was logged, on any instance. Its first message is the newest entry the screen has
 * already loaded; after a reconnect the first one counts (something may have been logged meanwhile).
 */
export function useEventLogStream(on: boolean, onChange: () => void): void {
  useLiveStream(on ? '/admin/event-log/stream' : null, onChange, (event, first) => event === 'event-log' && !first);
}
