import { createHash } from 'node:crypto';

/**
 * Unique users per rollup row: a HyperLogLog sketch (precision 11, 2048 registers) split into
 * SHARDS slices by the top bits of the register index, so each (bucket, shard) row owns its own
 * slice and concurrent events of different users rarely touch the same row. While a slice has
 * seen few users it keeps their 64-bit hashes instead (sparse), and a union of sparse slices is
 * counted exactly; once any slice is dense, the count is the HyperLogLog estimate (±2.3 %).
 *
 * Blob layout: byte 0 = 0 (sparse: n × 8 bytes of hashes) or 1 (dense: SLICE register bytes).
 */
export const HLL_PRECISION = 11;
export const HLL_REGISTERS = 1 << HLL_PRECISION;
export const SHARD_BITS = 2;
export const SHARDS = 1 << SHARD_BITS;
export const SLICE = HLL_REGISTERS / SHARDS;
/** Hashes a sparse slice keeps before it turns dense (8 bytes each: the size of the dense slice). */
export const SPARSE_MAX = SLICE / 8;
/** A union larger than this is estimated even when every part is sparse. */
export const EXACT_LIMIT = 100_000;

const SPARSE = 0;
const DENSE = 1;

/** 64 bits of a user id's MD5: `hi` (bits 63–32) and `lo` (31–0), unsigned. */
export interface UserHash {
  hi: number;
  lo: number;
}

/** Hashes of recent users: the same users send event after event, and an MD5 costs more than the rest of an event's analytics. */
const hashes = new Map<string, UserHash>();
const HASHES_KEPT = 100_000;

export function hashUser(userId: string): UserHash {
  let h = hashes.get(userId);
  if (h === undefined) {
    const d = createHash('md5').update(userId).digest();
    h = Object.freeze({ hi: d.readUInt32BE(0), lo: d.readUInt32BE(4) });
    if (hashes.size >= HASHES_KEPT) hashes.clear();
    hashes.set(userId, h);
  }
  return h;
}

export function shardOf(h: UserHash): number {
  return h.hi >>> (32 - SHARD_BITS);
}

function registerIndex(h: UserHash): number {
  return h.hi >>> (32 - HLL_PRECISION);
}

/** Position of the first 1 bit after the index bits (1-based), as HyperLogLog counts it. */
function rank(h: UserHash): number {
  const rest = (h.hi << HLL_PRECISION) >>> 0;
  if (rest !== 0) return Math.clz32(rest) + 1;
  return 32 - HLL_PRECISION + Math.clz32(h.lo) + 1;
}

/** A number that identifies the hash (53 of its 64 bits), for exact sets. */
function hashKey(hi: number, lo: number): number {
  return hi * 2_097_152 + (lo >>> 11);
}

function emptyDense(): Buffer {
  const b = Buffer.alloc(1 + SLICE);
  b[0] = DENSE;
  return b;
}

function setRegister(dense: Buffer, h: UserHash): boolean {
  const at = 1 + (registerIndex(h) & (SLICE - 1));
  const r = rank(h);
  if (dense[at]! >= r) return false;
  dense[at] = r;
  return true;
}

/**
 * Whether the sketch already counts the user: adding it would change nothing (`addToSketch` would
 * answer null). Copies nothing.
 */
export function sketchHas(sketch: Buffer | null | undefined, h: UserHash): boolean {
  if (!sketch || sketch.length === 0) return false;
  if (sketch[0] === DENSE) return sketch[1 + (registerIndex(h) & (SLICE - 1))]! >= rank(h);
  const n = (sketch.length - 1) / 8;
  for (let i = 0; i < n; i++) {
    if (sketch.readUInt32BE(1 + i * 8) === h.hi && sketch.readUInt32BE(5 + i * 8) === h.lo) return true;
  }
  return false;
}

/**
 * Adds a user to the slice of its shard. Returns the new blob, or null when the sketch is unchanged
 * (the user was already counted, or a dense register was already as high).
 */
export function addToSketch(sketch: Buffer | null | undefined, h: UserHash): Buffer | null {
  if (!sketch || sketch.length === 0) {
    const b = Buffer.alloc(9);
    b[0] = SPARSE;
    b.writeUInt32BE(h.hi, 1);
    b.writeUInt32BE(h.lo, 5);
    return b;
  }
  if (sketchHas(sketch, h)) return null;
  if (sketch[0] === DENSE) {
    const copy = Buffer.from(sketch);
    setRegister(copy, h);
    return copy;
  }
  const n = (sketch.length - 1) / 8;
  if (n < SPARSE_MAX) {
    const b = Buffer.alloc(sketch.length + 8);
    sketch.copy(b);
    b.writeUInt32BE(h.hi, sketch.length);
    b.writeUInt32BE(h.lo, sketch.length + 4);
    return b;
  }
  const dense = emptyDense();
  for (let i = 0; i < n; i++) setRegister(dense, { hi: sketch.readUInt32BE(1 + i * 8), lo: sketch.readUInt32BE(5 + i * 8) });
  setRegister(dense, h);
  return dense;
}

const POW2_NEG = Array.from({ length: 65 }, (_, r) => 2 ** -r);
const ALPHA = 0.7213 / (1 + 1.079 / HLL_REGISTERS);

export interface UniqueCount {
  value: number;
  method: 'exact' | 'hyperloglog';
}

/** The union of several slices (any buckets, any shards) and its size. */
export class UniqueCounter {
  private readonly registers = new Uint8Array(HLL_REGISTERS);
  private exact: Set<number> | null = new Set();

  add(sketch: Buffer | null | undefined, shard: number): void {
    if (!sketch || sketch.length === 0) return;
    if (sketch[0] === DENSE) {
      this.exact = null;
      const offset = shard * SLICE;
      for (let i = 0; i < SLICE; i++) {
        const r = sketch[1 + i]!;
        if (r > this.registers[offset + i]!) this.registers[offset + i] = r;
      }
      return;
    }
    const n = (sketch.length - 1) / 8;
    for (let i = 0; i < n; i++) {
      const hi = sketch.readUInt32BE(1 + i * 8);
      const lo = sketch.readUInt32BE(5 + i * 8);
      const h = { hi, lo };
      const idx = registerIndex(h);
      const r = rank(h);
      if (r > this.registers[idx]!) this.registers[idx] = r;
      if (this.exact) {
        this.exact.add(hashKey(hi, lo));
        if (this.exact.size > EXACT_LIMIT) this.exact = null;
      }
    }
  }

  count(): UniqueCount {
    if (this.exact) return { value: this.exact.size, method: 'exact' };
    let sum = 0;
    let zeros = 0;
    for (let i = 0; i < HLL_REGISTERS; i++) {
      const r = this.registers[i]!;
      sum += POW2_NEG[r]!;
      if (r === 0) zeros++;
    }
    return { value: Math.round(estimate(sum, zeros)), method: 'hyperloglog' };
  }
}

/** Where a user lands in the sketch: its shard, the register within the shard's slice, the rank. */
export function slotOf(h: UserHash): { shard: number; offset: number; rank: number } {
  return { shard: shardOf(h), offset: registerIndex(h) & (SLICE - 1), rank: rank(h) };
}

/** A dense slice blob from its SLICE registers (bulk loaders such as the analytics benchmark). */
export function denseSketch(registers: Uint8Array): Buffer {
  const b = emptyDense();
  b.set(registers.subarray(0, SLICE), 1);
  return b;
}

/** What a day needs from a slice without reading it: exact size (sparse) or its register sums. */
export interface SliceSummary {
  /** Distinct users of a sparse slice; null once dense. */
  exact: number | null;
  /** Σ 2^-register over the slice's SLICE registers. */
  sum: number;
  /** Registers still 0. */
  zeros: number;
}

export function summarize(sketch: Buffer): SliceSummary {
  const regs = new Uint8Array(SLICE);
  let exact: number | null = null;
  if (sketch[0] === DENSE) {
    regs.set(sketch.subarray(1, 1 + SLICE));
  } else {
    exact = (sketch.length - 1) / 8;
    for (let i = 0; i < exact; i++) {
      const h = { hi: sketch.readUInt32BE(1 + i * 8), lo: sketch.readUInt32BE(5 + i * 8) };
      const at = registerIndex(h) & (SLICE - 1);
      regs[at] = Math.max(regs[at]!, rank(h));
    }
  }
  let sum = 0;
  let zeros = 0;
  for (let i = 0; i < SLICE; i++) {
    sum += POW2_NEG[regs[i]!]!;
    if (regs[i] === 0) zeros++;
  }
  return { exact, sum, zeros };
}

/**
 * Unique users of one bucket from its shards' summaries (shards hold disjoint users, so exact
 * sizes add up; otherwise the slices form one sketch and the HyperLogLog estimate applies).
 */
export function countFromSummaries(parts: { shards: number; allExact: boolean; exact: number; sum: number; zeros: number }): UniqueCount {
  if (parts.shards === 0) return { value: 0, method: 'exact' };
  if (parts.allExact) return { value: parts.exact, method: 'exact' };
  const missing = (SHARDS - parts.shards) * SLICE;
  return { value: Math.round(estimate(parts.sum + missing, parts.zeros + missing)), method: 'hyperloglog' };
}

function estimate(sum: number, zeros: number): number {
  const raw = (ALPHA * HLL_REGISTERS * HLL_REGISTERS) / sum;
  return raw <= 2.5 * HLL_REGISTERS && zeros > 0 ? HLL_REGISTERS * Math.log(HLL_REGISTERS / zeros) : raw;
}
