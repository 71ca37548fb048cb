/**
 * When a failed delivery is tried again (decision 111): about 5 s, 30 s, 2 min, 10 min, 30 min and
 * 1 h after the attempts 1–6, then every 2 h, each delay ±20 % (jitter, so receivers that come back
 * are not hit by every message at once). A message whose next attempt would fall more than 24 h
 * after its first attempt is failed instead.
 */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000];
export const LATER_DELAY_MS = 7_200_000;
export const GIVE_UP_AFTER_MS = 86_400_000;
export const JITTER = 0.2;

/**
 * The time of the next attempt after `attempts` failed ones (the last at `now`), or null when the
 * message is to be failed. `random` is in [0, 1).
 */
export function nextAttemptAt(attempts: number, firstAttemptAt: number, now: number, random: number = Math.random()): number | null {
  const base = RETRY_DELAYS_MS[attempts - 1] ?? LATER_DELAY_MS;
  const delay = Math.round(base * (1 - JITTER + 2 * JITTER * random));
  const next = now + delay;
  return next - firstAttemptAt > GIVE_UP_AFTER_MS ? null : next;
}

/** An endpoint failing without a success for this long is set INACTIVE. */
export const DISABLE_AFTER_MS = 3 * 86_400_000;
