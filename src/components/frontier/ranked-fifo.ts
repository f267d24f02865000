/**
 * Items in order of rank, then of arrival: a first-in-first-out list per rank, the lowest rank
 * served first. Ranks are few (a queue's URIs have a handful of directive and precedence pairs),
 * so this keeps a queue's usual case, one rank, as cheap as a plain list.
 */
export class RankedFifo<T> {
  readonly #lists = new Map<number, { items: T[]; at: number }>();
  /** The ranks that have items, ascending. */
  #ranks: number[] = [];
  #size = 0;

  get size(): number {
    return this.#size;
  }

  push(rank: number, item: T): void {
    let list = this.#lists.get(rank);
    if (!list) {
      list = { items: [], at: 0 };
      this.#lists.set(rank, list);
      const ranks = this.#ranks;
      let i = ranks.length;
      while (i > 0 && ranks[i - 1] > rank) i--;
      ranks.splice(i, 0, rank);
    }
    list.items.push(item);
    this.#size++;
  }

  /** The lowest rank that has an item, or undefined when empty. */
  peekRank(): number | undefined {
    return this.#ranks[0];
  }

  shift(): T | undefined {
    const rank = this.#ranks[0];
    if (rank === undefined) return undefined;
    const list = this.#lists.get(rank)!;
    const item = list.items[list.at];
    list.items[list.at++] = undefined as unknown as T;
    this.#size--;
    if (list.at === list.items.length) {
      this.#lists.delete(rank);
      this.#ranks.shift();
    } else if (list.at >= 1024 && list.at * 2 >= list.items.length) {
      list.items = list.items.slice(list.at);
      list.at = 0;
    }
    return item;
  }

  /** Takes out every item `drop` says so of, keeping the others in their order; returns those taken out. */
  removeWhere(drop: (item: T) => boolean): T[] {
    const removed: T[] = [];
    for (const rank of [...this.#ranks]) {
      const list = this.#lists.get(rank)!;
      const kept: T[] = [];
      for (let i = list.at; i < list.items.length; i++) (drop(list.items[i]) ? removed : kept).push(list.items[i]);
      if (kept.length) this.#lists.set(rank, { items: kept, at: 0 });
      else {
        this.#lists.delete(rank);
        this.#ranks = this.#ranks.filter((r) => r !== rank);
      }
    }
    this.#size -= removed.length;
    return removed;
  }

  /** Lets every item go; returns how many there were. */
  clear(): number {
    const n = this.#size;
    this.#lists.clear();
    this.#ranks = [];
    this.#size = 0;
    return n;
  }
}
