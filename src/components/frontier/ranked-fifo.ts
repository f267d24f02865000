/**
 * Items in order of rank, then of arrival: a first-in-first-out list per rank, the lowest rank
 * served first. Ranks are few (a queue's URIs have a handful of directive and precedence pairs),
 * so this keeps a queue's usual case, one rank, as cheap as a plain list. An empty one holds no
 * list and no map (a crawl has up to hundreds of thousands of queues, most with an empty tail).
 */
export class RankedFifo<T> {
  /** The lists of ranks other than the first's, made when a second rank comes. */
  #lists?: Map<number, { items: T[]; at: number }>;
  /** The list of the lowest rank, and that rank (when #first is set). */
  #first?: { items: T[]; at: number };
  #firstRank = 0;
  /** The ranks that have items, ascending (the first included), once there are two. */
  #ranks?: number[];
  #size = 0;

  get size(): number {
    return this.#size;
  }

  push(rank: number, item: T): void {
    this.#size++;
    if (this.#first === undefined) {
      this.#first = { items: [item], at: 0 };
      this.#firstRank = rank;
      return;
    }
    if (rank === this.#firstRank && this.#ranks === undefined) {
      this.#first.items.push(item);
      return;
    }
    // More than one rank: every list in the map, the first too.
    const lists = (this.#lists ??= new Map([[this.#firstRank, this.#first]]));
    const ranks = (this.#ranks ??= [this.#firstRank]);
    let list = lists.get(rank);
    if (!list) {
      list = { items: [], at: 0 };
      lists.set(rank, list);
      let i = ranks.length;
      while (i > 0 && ranks[i - 1] > rank) i--;
      ranks.splice(i, 0, rank);
      if (i === 0) {
        this.#first = list;
        this.#firstRank = rank;
      }
    }
    list.items.push(item);
  }

  /** The lowest rank that has an item, or undefined when empty. */
  peekRank(): number | undefined {
    return this.#first === undefined ? undefined : this.#firstRank;
  }

  shift(): T | undefined {
    const list = this.#first;
    if (list === undefined) return undefined;
    const item = list.items[list.at];
    list.items[list.at++] = undefined as unknown as T;
    this.#size--;
    if (list.at === list.items.length) this.#dropFirst();
    else if (list.at >= 1024 && list.at * 2 >= list.items.length) {
      list.items = list.items.slice(list.at);
      list.at = 0;
    }
    return item;
  }

  /** Takes out every item `drop` says so of, keeping the others in their order; returns those taken out. */
  removeWhere(drop: (item: T) => boolean): T[] {
    const removed: T[] = [];
    const kept: Array<[number, T]> = [];
    for (const [rank, list] of this.#entries()) {
      for (let i = list.at; i < list.items.length; i++) {
        if (drop(list.items[i])) removed.push(list.items[i]);
        else kept.push([rank, list.items[i]]);
      }
    }
    this.clear();
    for (const [rank, item] of kept) this.push(rank, item);
    return removed;
  }

  /** Lets every item go; returns how many there were. */
  clear(): number {
    const n = this.#size;
    this.#lists = undefined;
    this.#ranks = undefined;
    this.#first = undefined;
    this.#size = 0;
    return n;
  }

  /** The lists by ascending rank. */
  #entries(): Array<[number, { items: T[]; at: number }]> {
    if (this.#first === undefined) return [];
    if (this.#ranks === undefined) return [[this.#firstRank, this.#first]];
    return this.#ranks.map((rank) => [rank, this.#lists!.get(rank)!]);
  }

  /** The first rank's list is empty: the next rank's becomes the first. */
  #dropFirst(): void {
    const ranks = this.#ranks;
    if (ranks === undefined || ranks.length === 1) {
      this.#first = undefined;
      this.#lists = undefined;
      this.#ranks = undefined;
      return;
    }
    this.#lists!.delete(ranks.shift()!);
    this.#firstRank = ranks[0];
    this.#first = this.#lists!.get(ranks[0]);
  }
}
