import type { BatchMember, BatchPart, PartKey, UnitKind, WriteBatch, WriteHooks } from './write-batch.js';

/**
 * A participant of the write path: a module's share of every batch (write-batch.ts). It declares
 * what it needs instead of taking a place in a list: the write path orders the participants from
 * their `after`, and refuses at start a name nobody answers to or a cycle.
 */
export interface WriteParticipant<P extends BatchPart<UnitKind> = BatchPart<UnitKind>> {
  /** Unique; what others name in `after`, and the name of its part (`PartKey`). */
  readonly name: string;
  /** The kind of unit this participant decides (its part's `apply`), if any; one participant per kind. */
  readonly kind?: UnitKind;
  /**
   * What this participant's parts must load, write and hear hooks after: names of participants, or
   * of what participants `provide` (then after all of them). A name ending in `?` is after that
   * participant when it takes part and ignored when it does not; any other unknown name is refused.
   */
  readonly after?: readonly string[];
  /** Names others may be `after` besides this one's own (e.g. `notices`: it publishes batch notices). */
  readonly provides?: readonly string[];
  /**
   * Loads before every other part (the ledger: it locks the batch's users, which everything else reads
   * behind): its part's `lock` is sent first and the other loads right behind it, or, without `lock`,
   * its `load` is answered first. Leading participants may only be after leading participants.
   */
  readonly leads?: boolean;
  /**
   * Writes rows that every batch of a project shares (hot counters): ordered after every participant
   * that does not, so those rows are locked last and held for the shortest time.
   */
  readonly sharedRows?: boolean;
  /**
   * Its part's `write` starts once every other part's write is answered. For rows written unanswered
   * (`BatchSession.later`): they then go out with the COMMIT, and are locked for no round trip of their
   * own. A write that waits for an answer costs the batch a round trip more here.
   */
  readonly writesLast?: boolean;
  /**
   * How many changes the batch has decided so far (the ledger: its entries). A unit's refusal
   * (an AppError) fails only the unit while this has not moved since the unit began; at most one
   * participant counts changes.
   */
  readonly changes?: (part: P) => number;
  /** Answers to other parts' hooks (e.g. `event`: each event the batch logs), made once per batch. */
  readonly hooks?: { readonly [H in keyof WriteHooks]?: (part: P) => WriteHooks[H] };
  /** The participant's part of a new batch. */
  begin(batch: WriteBatch): P;
}

/** What the order of the participants is made from (`orderParticipants`). */
type OrderDeclarations = Pick<WriteParticipant, 'name' | 'after' | 'provides' | 'leads' | 'sharedRows'>;

/** A participant of any part type, as the write path holds it (its part's type erased). */
export interface AnyParticipant extends OrderDeclarations, BatchMember {
  readonly kind?: UnitKind;
  readonly writesLast?: boolean;
  readonly changes?: (part: never) => number;
  begin(batch: WriteBatch): BatchPart<UnitKind>;
}

/**
 * Defines a participant with its part's type (typed `apply`, `changes`, `hooks`) and its key.
 * The result is what `WritePath.use` takes.
 */
export function defineParticipant<P extends BatchPart<UnitKind>>(spec: WriteParticipant<P>): WriteParticipant<P> & { key: PartKey<P> } {
  return Object.freeze({ ...spec, key: { name: spec.name } as PartKey<P> });
}

/**
 * The participants in the order their parts run: leading ones first, those with shared rows last,
 * and each after everything it names. Among participants free to go, the one whose name sorts first
 * goes first, so the order does not depend on the order they were given in. Throws on a duplicate
 * name, an unknown name in `after`, a cycle, or a leading participant after a non-leading one.
 */
export function orderParticipants<P extends OrderDeclarations>(participants: readonly P[]): P[] {
  const byName = new Map<string, P>();
  for (const p of participants) {
    if (byName.has(p.name)) throw new Error(`two write path participants are named ${p.name}`);
    byName.set(p.name, p);
  }
  const providers = new Map<string, P[]>();
  for (const p of participants)
    for (const name of p.provides ?? []) {
      if (byName.has(name)) throw new Error(`write path participant ${p.name} provides ${name}, which is a participant's name`);
      const list = providers.get(name);
      if (list) list.push(p);
      else providers.set(name, [p]);
    }
  const phase = (p: P) => (p.leads ? 0 : p.sharedRows ? 2 : 1);
  /** What each participant waits for: those it names, and every participant of an earlier phase. */
  const needs = new Map<P, Set<P>>();
  for (const p of participants) {
    const set = new Set<P>();
    for (const raw of p.after ?? []) {
      const optional = raw.endsWith('?');
      const name = optional ? raw.slice(0, -1) : raw;
      const named = byName.get(name);
      const found = named ? [named] : (providers.get(name) ?? []);
      if (found.length === 0 && !optional)
        throw new Error(`write path participant ${p.name} is after ${name}, but no participant is named so or provides it`);
      for (const q of found) {
        if (q === p) continue;
        if (p.leads && !q.leads) throw new Error(`leading write path participant ${p.name} cannot be after ${q.name}, which does not lead`);
        set.add(q);
      }
    }
    for (const q of participants) if (phase(q) < phase(p)) set.add(q);
    needs.set(p, set);
  }
  const order: P[] = [];
  const placed = new Set<P>();
  const waiting = [...participants].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  while (waiting.length > 0) {
    const i = waiting.findIndex((p) => [...needs.get(p)!].every((q) => placed.has(q)));
    if (i < 0) throw new Error(`the write path participants ${waiting.map((p) => p.name).join(', ')} are after each other in a cycle`);
    const [next] = waiting.splice(i, 1);
    order.push(next!);
    placed.add(next!);
  }
  return order;
}
