/** A durable key-value store for crawl state (classic-level by default), shared by frontier, uniq filter and fetch history. */
export interface StateStore {
  /** A named part of the store, kept apart from the others' keys. */
  sublevel(name: string): StateSublevel;
}

export interface StateSublevel {
  get(key: string): Promise<string | undefined>;
  batch(ops: ReadonlyArray<{ type: 'put'; key: string; value: string } | { type: 'del'; key: string }>): Promise<void>;
  /** Entries with keys in [gte, lt), in key order, at most `limit`. */
  range(gte: string, lt: string, limit: number): Promise<Array<[string, string]>>;
  clear(): Promise<void>;
}
