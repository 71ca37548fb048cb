/**
 * An order-statistic list of the users of one board, in board order: points descending, then the
 * earlier time of reaching that total, then userId. Sorted blocks of at most 2·BLOCK slots (a
 * "sorted list of blocks"): rank, select-by-rank and update cost O(√n)-ish with tiny constants,
 * and a bulk load is one sort. Users are small integers (slots of a `UserRegistry`); their values
 * live in paged Float64Arrays, so a board with few users of a big project stays small.
 */
const PAGE_BITS = 12;
const PAGE = 1 << PAGE_BITS;
const FIELDS = 3; // points, reachedAt, version

/** userId ↔ slot of one project, shared by all its boards (each userId string is held once). */
export class UserRegistry {
  private readonly ids = new Map<string, number>();
  readonly names: string[] = [];

  slot(userId: string): number {
    let slot = this.ids.get(userId);
    if (slot === undefined) {
      slot = this.names.length;
      this.names.push(userId);
      this.ids.set(userId, slot);
    }
    return slot;
  }

  find(userId: string): number | undefined {
    return this.ids.get(userId);
  }
}

export class OrderedBoard {
  private readonly pages: Array<Float64Array | undefined> = [];
  private blocks: number[][] = [];
  private count = 0;
  /** While loading, values are only stored; `finishLoad` sorts them into blocks. */
  private loading = false;

  /** `block`: target block length (tests use tiny blocks to exercise splits). */
  constructor(
    private readonly names: string[],
    private readonly block = 512,
  ) {}

  get size(): number {
    return this.count;
  }

  points(slot: number): number {
    const page = this.pages[slot >>> PAGE_BITS];
    const points = page ? page[(slot & (PAGE - 1)) * FIELDS]! : 0;
    return points > 0 ? points : 0;
  }

  reachedAt(slot: number): number {
    const page = this.pages[slot >>> PAGE_BITS];
    return page ? page[(slot & (PAGE - 1)) * FIELDS + 1]! : 0;
  }

  private version(slot: number): number {
    const page = this.pages[slot >>> PAGE_BITS];
    return page ? page[(slot & (PAGE - 1)) * FIELDS + 2]! : -1;
  }

  /**
   * Sets a user's total (0 removes the user) unless the board already holds a newer version of it.
   * Returns whether it applied.
   */
  set(slot: number, points: number, reachedAt: number, version: number): boolean {
    if (version <= this.version(slot)) return false;
    if (!this.loading && this.points(slot) > 0) this.removeFromBlocks(slot);
    let page = this.pages[slot >>> PAGE_BITS];
    if (!page) page = this.pages[slot >>> PAGE_BITS] = new Float64Array(PAGE * FIELDS).fill(-1);
    const at = (slot & (PAGE - 1)) * FIELDS;
    page[at] = points > 0 ? points : 0;
    page[at + 1] = points > 0 ? reachedAt : 0;
    page[at + 2] = version;
    if (!this.loading && points > 0) this.insertIntoBlocks(slot);
    return true;
  }

  /** Forgets a user entirely (user deletion): removed from the order, any later version applies. */
  delete(slot: number): void {
    if (!this.loading && this.points(slot) > 0) this.removeFromBlocks(slot);
    const page = this.pages[slot >>> PAGE_BITS];
    if (page) page.fill(-1, (slot & (PAGE - 1)) * FIELDS, (slot & (PAGE - 1)) * FIELDS + FIELDS);
  }

  startLoad(): void {
    this.loading = true;
  }

  /** Sorts every stored user with points into blocks; reads are valid from here on. */
  finishLoad(): void {
    const slots: number[] = [];
    for (let p = 0; p < this.pages.length; p++) {
      const page = this.pages[p];
      if (!page) continue;
      for (let i = 0; i < PAGE; i++) if (page[i * FIELDS]! > 0) slots.push((p << PAGE_BITS) + i);
    }
    const sorted = this.sortSlots(slots);
    this.blocks = [];
    for (let i = 0; i < sorted.length; i += this.block) this.blocks.push(Array.from(sorted.subarray(i, i + this.block)));
    this.count = sorted.length;
    this.loading = false;
  }

  /**
   * Board order of many users at once. Points are integers, usually in a modest range: a counting
   * sort by points, then a comparison sort inside each (small) bucket of equal points. A huge or
   * fractional range falls back to one comparison sort.
   */
  private sortSlots(slots: number[]): Uint32Array {
    const out = Uint32Array.from(slots);
    let min = Infinity;
    let max = -Infinity;
    let integral = true;
    for (const s of slots) {
      const p = this.points(s);
      if (p < min) min = p;
      if (p > max) max = p;
      if (!Number.isInteger(p)) integral = false;
    }
    const range = max - min + 1;
    if (!integral || slots.length === 0 || range > 4 * slots.length + 1_000_000) return out.sort((a, b) => this.compare(a, b));
    const starts = new Uint32Array(range + 1);
    for (const s of slots) starts[max - this.points(s) + 1]!++;
    for (let i = 1; i <= range; i++) starts[i]! += starts[i - 1]!;
    const next = starts.slice(0, range);
    for (const s of slots) out[next[max - this.points(s)]!++] = s;
    for (let b = 0; b < range; b++) {
      if (starts[b + 1]! - starts[b]! > 1) out.subarray(starts[b]!, starts[b + 1]!).sort((a, c) => this.compare(a, c));
    }
    return out;
  }

  /** 0-based position of a user, or -1 when the user has no points on this board. */
  rankOf(slot: number): number {
    if (this.points(slot) <= 0) return -1;
    const b = this.blockOf(slot);
    let before = 0;
    for (let i = 0; i < b; i++) before += this.blocks[i]!.length;
    return before + this.indexIn(this.blocks[b]!, slot);
  }

  /** The slots at positions [from, from + n) (fewer at the end of the board). */
  range(from: number, n: number): number[] {
    const out: number[] = [];
    if (from < 0 || n <= 0 || from >= this.count) return out;
    let b = 0;
    let skip = from;
    while (b < this.blocks.length && skip >= this.blocks[b]!.length) skip -= this.blocks[b++]!.length;
    for (; b < this.blocks.length && out.length < n; b++, skip = 0) {
      const block = this.blocks[b]!;
      for (let i = skip; i < block.length && out.length < n; i++) out.push(block[i]!);
    }
    return out;
  }

  /** Board order of two users: negative when `a` ranks before `b`. */
  compare(a: number, b: number): number {
    const pa = this.points(a);
    const pb = this.points(b);
    if (pa !== pb) return pb - pa;
    const ra = this.reachedAt(a);
    const rb = this.reachedAt(b);
    if (ra !== rb) return ra - rb;
    const na = this.names[a]!;
    const nb = this.names[b]!;
    return na < nb ? -1 : na > nb ? 1 : 0;
  }

  /** Index of the first block whose last slot does not rank before `slot`. */
  private blockOf(slot: number): number {
    let lo = 0;
    let hi = this.blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const block = this.blocks[mid]!;
      if (this.compare(block[block.length - 1]!, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Insertion index of `slot` in a block (its index when present). */
  private indexIn(block: number[], slot: number): number {
    let lo = 0;
    let hi = block.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(block[mid]!, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private insertIntoBlocks(slot: number): void {
    if (this.blocks.length === 0) {
      this.blocks.push([slot]);
      this.count = 1;
      return;
    }
    const b = this.blockOf(slot);
    const block = this.blocks[b]!;
    block.splice(this.indexIn(block, slot), 0, slot);
    this.count++;
    if (block.length > 2 * this.block) this.blocks.splice(b + 1, 0, block.splice(this.block));
  }

  private removeFromBlocks(slot: number): void {
    if (this.blocks.length === 0) return;
    const b = this.blockOf(slot);
    const block = this.blocks[b]!;
    const i = this.indexIn(block, slot);
    if (block[i] !== slot) return;
    block.splice(i, 1);
    this.count--;
    if (block.length === 0) this.blocks.splice(b, 1);
  }
}
