/**
 * Cooperative time slicing (decision 217). Long work in a request — a bulk request's 1,000 items
 * validated, decided and written; on SQLite every statement is synchronous — would hold the event
 * loop for its whole length, and every other request (even /health) would wait. Loops over such
 * work ask `due()` after each piece and `await next()` when it is: the loop then gives the event
 * loop a turn (setImmediate: timers and I/O go first) and starts a new slice.
 *
 * @example
 * const slice = new LoopSlice();
 * for (const item of items) {
 *   work(item);
 *   if (slice.due()) await slice.next();
 * }
 */
export class LoopSlice {
  private started = performance.now();

  constructor(private readonly budgetMs = LOOP_SLICE_MS) {}

  /** Whether this slice has run for its budget. */
  due(): boolean {
    return performance.now() - this.started >= this.budgetMs;
  }

  /** Gives the event loop a turn, then starts a new slice. */
  async next(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.started = performance.now();
  }
}

/** The longest a slice runs before it gives the event loop a turn. */
export const LOOP_SLICE_MS = 10;
