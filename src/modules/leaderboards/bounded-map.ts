/** A Map that forgets its oldest entries beyond `max`. */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: K, value: V): this {
    this.delete(key);
    while (this.size >= this.max) this.delete(this.keys().next().value!);
    return super.set(key, value);
  }
}
