import { useEffect, useRef } from 'react';
import { useApi } from './session';

/** The wait before a user's live stream is opened again after it ended or failed. */
export const RECONNECT_MS = 2000;
/** Messages within this are one call of `onChange`. */
export const SETTLE_MS = 200;

/**
 * Follows a user's live stream (docs/live.md) while `userId` is set: `onChange` is called (once per
 * burst of messages) when something of the user changed — points, challenges, streaks, tier — so a
 * screen reloads instead of polling. Reconnects after RECONNECT_MS when the stream ends or fails.
 */
export function useUserStream(userId: string | null, onChange: () => void): void {
  const api = useApi();
  const changed = useRef(onChange);
  changed.current = onChange;
  useEffect(() => {
    if (!userId) return;
    const abort = new AbortController();
    let settle: ReturnType<typeof setTimeout> | null = null;
    const message = (event: string) => {
      // The flags and ranks are state the stream sends when it opens, not something that happened.
      if (event === 'notifications.changed' || event === 'rank.changed' || settle) return;
      settle = setTimeout(() => {
        settle = null;
        changed.current();
      }, SETTLE_MS);
    };
    void (async () => {
      while (!abort.signal.aborted) {
        await api.stream(`/user/${encodeURIComponent(userId)}/stream`, message, abort.signal).catch(() => undefined);
        if (!abort.signal.aborted) await new Promise((r) => setTimeout(r, RECONNECT_MS));
      }
    })();
    return () => {
      abort.abort();
      if (settle) clearTimeout(settle);
    };
  }, [userId, api]);
}
