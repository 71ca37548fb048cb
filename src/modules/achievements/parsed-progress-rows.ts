import { parseUserProgress, userProgressText, type UserProgress } from './achievement-progress.js';

/** The levels a user unlocked, by achievement id (as read from achievement_unlocks, and as a batch adds to them). */
export type UnlockedLevels = Map<string, Set<number>>;

/** What a batch takes of a user when the kept state is the stored one (`ParsedProgressRows.take`). */
export interface KeptProgress {
  /** Whether the user has a stored progress row. */
  stored: boolean;
  entries: UserProgress;
  unlocked: UnlockedLevels;
}

interface KeptRow {
  /** The stored row's text, when kept (a store of several processes compares it with the text read); else null. */
  text: string | null;
  /** Whether the user has a stored progress row. */
  stored: boolean;
  entries: UserProgress;
  /** The user's unlocked levels, when read with the row (a store owned by one process); else null. */
  unlocked: UnlockedLevels | null;
  /** The batch that took the row last (`take`, `hold`), until its commit makes the row current. */
  owner: object | null;
  /** Whether text, entries and unlocked are what is stored, so that the next batch need not read them. */
  current: boolean;
  bytes: number;
}

/**
 * The entries of progress rows the write path read or wrote lately, by user, kept with the exact text
 * they were parsed from (decision 326). A batch reads the row as always and takes the entries from
 * here only when the text it read is the text kept: so an entry is never stale — a row another
 * instance wrote, or a batch that rolled back after writing it, has another text and is parsed again.
 * What is saved is the parse: the JSON of every achievement's entry, on every event of the user.
 * Bounded by an estimate of the memory it holds (the text, and ~80 bytes per parsed entry; oldest
 * out first).
 *
 * `entries` hands out the kept Map itself, and the batch changes its entries in place as events move
 * them (decision 329; before it, `write` changed them and the text in one step). Handing it out drops
 * the kept text, and `write` (or `release`, for entries left as they were) sets it again, so nothing
 * ever finds changed entries under an old text. Only the batch that holds the user's lock reads or
 * writes a user's entries, so no one else holds that Map meanwhile. Changing the entries in place
 * keeps the objects: a batch allocates the new text and nothing per entry.
 *
 * On a store one process owns (SQLite, decision 329) the kept row also says whether it is *current*:
 * what is stored, unlocked levels included, so that a batch takes it without reading anything. A batch
 * that reads a user's row and levels keeps them (`hold`); a batch that takes a user, by reading or not,
 * makes the row not current until its own commit says otherwise (`committed`, from the batch's
 * afterCommit, and only while no later batch has taken the row since). So a batch that fails, or is
 * split and retried, leaves rows that the next batch reads again. Writers outside the write path
 * forget what they change: a user's deletion the user's row (`forget`), an achievement's deletion every
 * row (`clear`), both inside their transaction, which no batch can interleave on such a store.
 */
export class ParsedProgressRows {
  private readonly rows = new Map<string, KeptRow>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /**
   * The entries of `text`, for a batch to work on: the kept ones when it is the same text, else parsed
   * (and kept). The batch may change them in place, so the kept text is dropped until the batch writes
   * the row (`write`) or gives the entries back unchanged (`release`): a batch that fails in between
   * leaves entries that no text matches, and the next batch parses the row again.
   */
  entries(key: string, text: string): UserProgress {
    const hit = this.rows.get(key);
    if (hit !== undefined && hit.text === text) {
      hit.text = null;
      return hit.entries;
    }
    const entries = parseUserProgress(text);
    this.keep(key, null, true, entries, null, null);
    return entries;
  }

  /** Entries that `entries` gave for `text` and the batch did not change: kept under that text again. */
  release(key: string, entries: UserProgress, text: string): void {
    const row = this.rows.get(key);
    if (row !== undefined && row.entries === entries && row.unlocked === null) row.text = text;
  }

  /**
   * The user's kept row, taken by the batch `owner`, when it is current (else null: read it). Taking it
   * makes it not current until `committed(key, owner)`.
   */
  take(key: string, owner: object): KeptProgress | null {
    const row = this.rows.get(key);
    if (row === undefined || !row.current || row.unlocked === null) return null;
    row.current = false;
    row.owner = owner;
    return { stored: row.stored, entries: row.entries, unlocked: row.unlocked };
  }

  /**
   * Keeps what the batch `owner` read of a user (its row's text, null when it has none, and its
   * unlocked levels) and takes it as `take` does. Returns the entries to work on. The text itself is not
   * kept: a kept row is current or read again, and a text per user outliving many batches was most of
   * the garbage 20 achievements made (the old generation's collections).
   */
  hold(key: string, owner: object, text: string | null, unlocked: UnlockedLevels): UserProgress {
    const hit = this.rows.get(key);
    const entries = text === null ? new Map() : hit !== undefined && hit.text === text ? hit.entries : parseUserProgress(text);
    this.keep(key, null, text !== null, entries, unlocked, owner);
    return entries;
  }

  /**
   * The row a batch writes: `entries` as the batch changed them (those `entries`, `take` or `hold` gave,
   * or a new Map for a user without a row). Returns the row's text; the next batch of the user finds the
   * entries kept if the write committed.
   */
  write(key: string, entries: UserProgress): string {
    const text = userProgressText(entries);
    const row = this.rows.get(key);
    // A row the writing batch holds stays its own (with the levels it holds, without the text); any other
    // is kept by its text, not current.
    if (row !== undefined && row.entries === entries && row.unlocked !== null) this.keep(key, null, true, entries, row.unlocked, row.owner);
    else this.keep(key, text, true, entries, null, null);
    return text;
  }

  /** The batch `owner` committed: the row it took is current, unless a later batch took it since. */
  committed(key: string, owner: object): void {
    const row = this.rows.get(key);
    if (row !== undefined && row.owner === owner && row.unlocked !== null) {
      row.current = true;
      row.owner = null;
    }
  }

  /** The user's row changed outside the write path (its deletion). */
  forget(key: string): void {
    const row = this.rows.get(key);
    if (row === undefined) return;
    this.rows.delete(key);
    this.bytes -= row.bytes;
  }

  /** Rows changed outside the write path (an achievement's deletion removed its unlocks). */
  clear(): void {
    this.rows.clear();
    this.bytes = 0;
  }

  /**
   * The row as read or written, not current, as the newest (the oldest rows out when over the budget).
   * `text` null: not kept (nothing compares it).
   */
  keep(
    key: string,
    text: string | null,
    stored: boolean,
    entries: UserProgress,
    unlocked: UnlockedLevels | null = null,
    owner: object | null = null,
  ): void {
    let levels = 0;
    if (unlocked !== null) for (const set of unlocked.values()) levels += set.size;
    const bytes = key.length + (text?.length ?? 0) + 80 * entries.size + 60 * levels;
    let row = this.rows.get(key);
    if (row !== undefined) {
      this.rows.delete(key);
      this.bytes -= row.bytes;
    }
    if (bytes > this.maxBytes) return;
    // The same object when there is one: a kept row outlives many batches, and a new one per write is old-generation garbage.
    if (row === undefined) row = { text, stored, entries, unlocked, owner, current: false, bytes };
    else {
      row.text = text;
      row.stored = stored;
      row.entries = entries;
      row.unlocked = unlocked;
      row.owner = owner;
      row.current = false;
      row.bytes = bytes;
    }
    this.rows.set(key, row);
    this.bytes += bytes;
    while (this.bytes > this.maxBytes) {
      const [oldest, old] = this.rows.entries().next().value!;
      this.rows.delete(oldest);
      this.bytes -= old.bytes;
    }
  }

  get size(): number {
    return this.rows.size;
  }
}
