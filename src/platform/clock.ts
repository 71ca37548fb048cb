/**
 * The one source of time. Nothing else calls Date.now(): every rule about days, windows, months,
 * limits and validity reads `clock.now()`, so the test clock (docs/api.md, Test clock) moves them all.
 */
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
