/**
 * A durable key-value store for crawl state (classic-level by default), shared by frontier, uniq
 * filter, statistics, logs and WARC writer. Changes are staged and written by commits: each
 * commit is one atomic batch holding every change staged since the previous one, taken at one
 * instant, so that after a crash the store describes the crawl as it stood at its last commit.
 */
export interface StateStore {
  /** The folder the store lives in, when it is on disk (DiskSpaceMonitor watches its free space). */
  readonly folder?: string;
  /** A named part of the store, kept apart from the others' keys. */
  sublevel(name: string): StateSublevel;
  /** Takes part in every commit from now on (see StateParticipant). */
  participate(participant: StateParticipant): void;
  /** Commits everything staged so far; resolves once it is written. */
  commit(): Promise<void>;
  /**
   * Hears of commits that fail (disk full, folder unwritable: the error) and of the first one
   * that succeeds after a failure (undefined). Nothing staged is lost meanwhile: a failed
   * commit's changes go into the next one.
   */
  onFault(listener: (error: Error | undefined) => void): void;
  /**
   * Commits, then copies the store as it stands at one instant into a new store at `dir` (for a
   * checkpoint), while the crawl goes on; resolves to the number of entries copied. Output
   * positions (the journal) are left out unless `withJournal`: a worker of a shared crawl keeps
   * them, since its run goes on from the checkpoint in the same folder.
   */
  copyTo?(dir: string, options?: { readonly withJournal?: boolean }): Promise<number>;
}

/**
 * Sublevels whose names begin with this outlive the run: a new run of the job clears every other
 * sublevel (the fetch history excepted, unless forgotten). For what is owed beyond the run that
 * made it, such as a receiver's batches not yet delivered.
 */
export const KEPT_SUBLEVEL_PREFIX = 'kept:';

/**
 * The fetch history's sublevel. It outlives the run, as does every sublevel named `history:…`
 * (another history: a PersistProcessor's `historyDbName`, the content digest history), until a
 * launch with --forget-history drops them all.
 */
export const HISTORY_SUBLEVEL = 'history';

export type StateOp = { readonly type: 'put'; readonly key: string; readonly value: string } | { readonly type: 'del'; readonly key: string };

export interface StateSublevel {
  /** The committed value. */
  get(key: string): Promise<string | undefined>;
  /** Stages a write for the next commit. */
  put(key: string, value: string): void;
  /** Stages a removal for the next commit. */
  del(key: string): void;
  /** Committed entries with keys in [gte, lt), in key order, at most `limit` (all when omitted). */
  range(gte: string, lt: string, limit?: number): Promise<Array<[string, string]>>;
}

/**
 * A component whose state goes into the store with each commit. Its `stage` is called at the
 * instant a commit is taken, for every participant in turn and with nothing in between, so that
 * together they describe one moment; then every `flushed` is awaited, and only then is the
 * batch written. A URI therefore counts as done in the store only once the log lines and WARC
 * records written before that moment are in their files.
 */
export interface StateParticipant {
  /**
   * Stages (put/del on sublevels) what changed since the previous commit. `final` is true for the
   * store's last commit, once every other bean has stopped (a run is "finished" only then).
   */
  stage(final?: boolean): void;
  /** Resolves once everything written to this component's files so far has reached them. */
  flushed?(): Promise<void>;
  /** The commit whose stage() came last has been written. */
  committed?(): void;
}
