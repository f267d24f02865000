/** A binary min-heap ordered by a numeric key. */
export class MinHeap<T> {
  readonly #items: T[] = [];

  constructor(readonly keyOf: (item: T) => number) {}

  get size(): number {
    return this.#items.length;
  }

  /** Every item, in no particular order. */
  values(): Iterable<T> {
    return this.#items;
  }

  peek(): T | undefined {
    return this.#items[0];
  }

  push(item: T): void {
    const a = this.#items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.keyOf(a[p]) <= this.keyOf(a[i])) break;
      [a[p], a[i]] = [a[i], a[p]];
      i = p;
    }
  }

  pop(): T | undefined {
    const a = this.#items;
    if (a.length === 0) return undefined;
    const top = a[0];
    const last = a.pop()!;
    if (a.length) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && this.keyOf(a[l]) < this.keyOf(a[m])) m = l;
        if (r < a.length && this.keyOf(a[r]) < this.keyOf(a[m])) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i], a[m]];
        i = m;
      }
    }
    return top;
  }
}
