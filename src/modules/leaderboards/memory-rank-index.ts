import { boardKey, type BoardRef } from './board-ref.js';
import { OrderedBoard, UserRegistry } from './ordered-board.js';
import type { BoardEntry, BoardLife, BoardLoader, Neighbourhood, RankedEntry, RankIndex, VersionedPage } from './rank-index.js';

/** Past months kept in memory at once (they are reloaded from SQL on demand). */
const CACHED_BOARDS = 4;

/** Names held boards uniquely within the process (a board loaded again is a new board). */
let loads = 0;

interface Held {
  /** `<load>:<changes>`: the board's version (see VersionedPage). */
  load: number;
  changes: number;
  ref: BoardRef;
  board: OrderedBoard;
  registry: UserRegistry;
  ready: Promise<void>;
  life: BoardLife;
}

/**
 * Embedded rank index: one `OrderedBoard` per live board of this process. A window board is tied to
 * its day, so loading the board of a new day drops the board of the previous one.
 */
export class MemoryRankIndex implements RankIndex {
  private readonly registries = new Map<string, UserRegistry>();
  private readonly boards = new Map<string, Held>();
  private readonly cachedOrder: string[] = [];

  private registry(projectId: string): UserRegistry {
    let r = this.registries.get(projectId);
    if (!r) this.registries.set(projectId, (r = new UserRegistry()));
    return r;
  }

  async ensure(refs: BoardRef[], life: BoardLife, load: BoardLoader): Promise<void> {
    const keys = refs.map(boardKey);
    const created: Array<Held | null> = [];
    for (const [i, ref] of refs.entries()) {
      const held = this.boards.get(keys[i]!);
      if (held) {
        if (held.life === 'cached') this.touchCached(keys[i]!);
        created.push(null);
        continue;
      }
      this.dropSuperseded(ref, life);
      const registry = this.registry(ref.projectId);
      const board = new OrderedBoard(registry.names);
      board.startLoad();
      created.push({ ref, board, registry, ready: Promise.resolve(), life, load: ++loads, changes: 0 });
    }
    const fresh = created.filter((h): h is Held => h !== null);
    if (fresh.length > 0) {
      const ready = (async () => {
        for await (const perBoard of load()) {
          perBoard.forEach((batch, i) => {
            const held = created[i];
            if (!held) return;
            for (const e of batch) held.board.set(held.registry.slot(e.userId), e.points, e.reachedAt, e.version);
          });
        }
        for (const held of fresh) held.board.finishLoad();
      })();
      for (const held of fresh) {
        held.ready = ready;
        this.boards.set(boardKey(held.ref), held);
        if (life === 'cached') this.touchCached(boardKey(held.ref));
      }
      try {
        await ready;
      } catch (err) {
        for (const held of fresh) this.boards.delete(boardKey(held.ref));
        throw err;
      }
    }
    await Promise.all(keys.map((k) => this.boards.get(k)?.ready ?? Promise.resolve()));
  }

  async set(ref: BoardRef, _life: BoardLife, entries: BoardEntry[]): Promise<void> {
    const held = this.boards.get(boardKey(ref));
    if (!held) return; // not held: a later load reads the committed values from SQL
    for (const e of entries) held.board.set(held.registry.slot(e.userId), e.points, e.reachedAt, e.version);
    held.changes++;
  }

  async page(ref: BoardRef, offset: number, limit: number, known: string | null = null): Promise<VersionedPage> {
    const held = await this.held(ref);
    const version = `${held.load}:${held.changes}`;
    if (version === known) return { version, page: null };
    const entries = held.board.range(offset, limit).map((slot, i) => this.entry(held, slot, offset + i + 1));
    return { version, page: { total: held.board.size, entries } };
  }

  async neighbourhood(ref: BoardRef, userId: string, top: number, around: number): Promise<Neighbourhood> {
    const held = await this.held(ref);
    const { board } = held;
    const slot = held.registry.find(userId);
    const at = slot === undefined ? -1 : board.rankOf(slot);
    const slice = (from: number, to: number) => {
      const start = Math.max(0, from);
      return board.range(start, to - start).map((s, i) => this.entry(held, s, start + i + 1));
    };
    const total = board.size;
    return {
      total,
      top: slice(0, top),
      me: at < 0 ? null : this.entry(held, slot!, at + 1),
      before: at < 0 ? slice(total - around, total) : slice(at - around, at),
      after: at < 0 ? [] : slice(at + 1, at + 1 + around),
    };
  }

  async rank(ref: BoardRef, userId: string): Promise<RankedEntry | null> {
    const held = await this.held(ref);
    const slot = held.registry.find(userId);
    const at = slot === undefined ? -1 : held.board.rankOf(slot);
    return at < 0 ? null : this.entry(held, slot!, at + 1);
  }

  ranks(refs: BoardRef[], userId: string): Promise<Array<RankedEntry | null>> {
    return Promise.all(refs.map((ref) => this.rank(ref, userId)));
  }

  async deleteUser(projectId: string, userId: string): Promise<number> {
    const slot = this.registries.get(projectId)?.find(userId);
    if (slot === undefined) return 0;
    let removed = 0;
    for (const held of this.boards.values()) {
      if (held.ref.projectId !== projectId) continue;
      await held.ready;
      if (held.board.points(slot) > 0) removed++;
      held.board.delete(slot);
      held.changes++;
    }
    return removed;
  }

  async deleteProject(projectId: string): Promise<void> {
    for (const [key, held] of this.boards) if (held.ref.projectId === projectId) this.boards.delete(key);
    this.registries.delete(projectId);
    const kept = this.cachedOrder.filter((key) => this.boards.has(key));
    this.cachedOrder.splice(0, this.cachedOrder.length, ...kept);
  }

  private async held(ref: BoardRef): Promise<Held> {
    const held = this.boards.get(boardKey(ref));
    if (!held) throw new Error(`board ${boardKey(ref)} is not loaded`);
    await held.ready;
    return held;
  }

  private entry(held: Held, slot: number, rank: number): RankedEntry {
    return { userId: held.registry.names[slot]!, points: held.board.points(slot), rank };
  }

  /**
   * A window board of another day of the same project, group and timeframe is obsolete; a live
   * month board becomes a cached past month when another month goes live.
   */
  async dropWindows(projectId: string, day: number): Promise<void> {
    for (const [key, held] of this.boards) {
      const h = held.ref;
      if (h.kind === 'window' && h.projectId === projectId && h.day === day) this.boards.delete(key);
    }
  }

  private dropSuperseded(ref: BoardRef, life: BoardLife): void {
    for (const [key, held] of this.boards) {
      const h = held.ref;
      if (
        ref.kind === 'month' &&
        life === 'live' &&
        h.kind === 'month' &&
        held.life === 'live' &&
        h.projectId === ref.projectId &&
        h.groupId === ref.groupId
      ) {
        held.life = 'cached';
        this.touchCached(key);
      }
      if (
        ref.kind === 'window' &&
        h.kind === 'window' &&
        h.projectId === ref.projectId &&
        h.groupId === ref.groupId &&
        h.timeframe === ref.timeframe &&
        h.day !== ref.day
      ) {
        this.boards.delete(key);
      }
    }
  }

  private touchCached(key: string): void {
    const i = this.cachedOrder.indexOf(key);
    if (i >= 0) this.cachedOrder.splice(i, 1);
    this.cachedOrder.push(key);
    while (this.cachedOrder.length > CACHED_BOARDS) this.boards.delete(this.cachedOrder.shift()!);
  }
}
