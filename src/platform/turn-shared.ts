/**
 * Reads of one key asked in the same turn of the event loop, answered by one load (decision 342). The
 * load starts when the turn ends, so it starts after every read it answers was asked: each caller gets
 * what a read of its own would have returned at that moment, never an older answer kept from before.
 * Under load many requests of a project arrive in one turn and ask for the same project-wide value
 * (the achievements' rarity): one query then serves them all. The value is shared: callers must not
 * change it.
 */
export class TurnShared<V> {
  private readonly asked = new Map<string, Promise<V>>();

  get(key: string, load: () => Promise<V>): Promise<V> {
    let shared = this.asked.get(key);
    if (shared === undefined) {
      shared = new Promise<V>((resolve, reject) => {
        setImmediate(() => {
          this.asked.delete(key);
          load().then(resolve, reject);
        });
      });
      this.asked.set(key, shared);
    }
    return shared;
  }
}
