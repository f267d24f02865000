/**
 * The state of a crawl that several worker processes share (a Redis-backed frontier): one
 * operator's pause, unpause or terminate, given on any machine, holds for every worker.
 */
export type SharedCrawlState = 'RUNNING' | 'PAUSED' | 'TERMINATING' | 'FINISHED';

export interface SharedCrawl {
  /** Called whenever the crawl-wide state changes (and once with the state at the time of the call). */
  watchState(listener: (state: SharedCrawlState, exitStatus?: string) => void): void;
  /** Sets the state for every worker (a terminate carries the exit status). */
  setState(state: Exclude<SharedCrawlState, 'FINISHED'>, exitStatus?: string): Promise<void>;
  /** Why the workers cannot reach what they share (Redis does not answer), while that lasts: the crawl pauses with this alert. */
  readonly problem?: string;
  /** This worker's name in the crawl. */
  readonly workerId: string;
  /**
   * Runs `work` on one worker of the crawl: the first to ask takes the step under a lease it
   * renews while `work` runs; the others wait until the step is done, and one of them takes it
   * over (so `work` must be able to go on from where another left it) when its worker died or
   * failed. Resolves once the step is done, or when the crawl ends or `signal` aborts.
   */
  once(step: string, work: () => Promise<unknown>, signal?: AbortSignal): Promise<void>;
  /** The crawl is over for every worker: its frontier is empty and its end, if any, done. */
  finish(): Promise<void>;
  /** Adds `n` to a crawl-wide count that the frontier's stats sum (`delta:deleted`…), for what this worker decided for all. */
  count(name: string, n?: number): Promise<void>;
}

/** A table of a shared crawl's run (a Redis hash): entries any worker reads and writes. */
export interface SharedTable {
  /** The entries of these keys, undefined where there is none. */
  read(keys: readonly string[]): Promise<Array<string | undefined>>;
  /** Writes in the background; the store's `settled()` waits for it. */
  write(entries: ReadonlyArray<readonly [string, string]>): void;
  /**
   * Adds each integer to its entry (one made at 0 when missing), all at once, in the background,
   * so that counts kept by several workers add up; the store's `settled()` waits for it.
   */
  add(entries: ReadonlyArray<readonly [string, number]>): void;
}

/** What the connection bean of a shared crawl (RedisConnection) gives the beans that share it, whatever their area. */
export interface SharedCrawlStore {
  readonly crawl: SharedCrawl;
  /** Joins the crawl (or begins its run) unless that was done: from the start() of a bean that shares it. */
  join(): Promise<SharedCrawl>;
  /** A table of the run, by name. */
  table(name: string): SharedTable;
  /** Every write (and add) made so far is answered: the frontier waits for it before it completes a URI. */
  settled(): Promise<void>;
}

/** The shared crawl a frontier takes part in, when it is one that workers share. */
export function sharedCrawlOf(frontier: object): SharedCrawl | undefined {
  const shared = (frontier as { sharedCrawl?: SharedCrawl }).sharedCrawl;
  return shared && typeof shared.watchState === 'function' ? shared : undefined;
}

/**
 * The store a frontier shares with the other workers of its crawl (a RedisFrontier's
 * connection), when it is one that workers share: a bean of another area that keeps crawl-wide
 * state reaches it through the frontier, so that a job whose frontier is local leaves the
 * connection unused.
 */
export function sharedStoreOf(frontier: object): SharedCrawlStore | undefined {
  const store = (frontier as { sharedStore?: SharedCrawlStore }).sharedStore;
  return store && typeof store.table === 'function' ? store : undefined;
}
