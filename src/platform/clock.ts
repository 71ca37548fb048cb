/**
 * The one source of time; nothing else reads Date.now() (an ESLint rule says so). Every rule about days,
 * windows, months, limits and validity reads `clock.now()`, so the test clock (docs/api.md, Test clock)
 * moves them all. What must run on real time whatever the test clock says (leases, lock waits, token
 * expiry, cache lifetimes) reads `realNow()`.
 */

/** Wall time, Unix milliseconds, never moved by the test clock: for leases, timeouts and caches only. */
export function realNow(): number {
  return Date.now();
}

export interface Clock {
  /** Current time, Unix milliseconds. */
  now(): number;
}

export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }
}

/** A wall clock that can be moved: it keeps running from the time it was set to. */
export class AdjustableClock implements Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  set(nowMs: number): void {
    this.offsetMs = nowMs - Date.now();
  }

  get offset(): number {
    return this.offsetMs;
  }

  setOffset(offsetMs: number): void {
    this.offsetMs = offsetMs;
  }
}
