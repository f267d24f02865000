import type { DeltaCounts, RetryWait } from '../wire/job-status.js';
import type { CrawlUri } from './crawl-uri.js';

/** Counts a frontier reports (progress lines, reports, the end of the crawl). */
export interface FrontierStats {
  /** URIs ever accepted into a queue. */
  readonly discovered: number;
  /** URIs waiting in queues. */
  readonly queued: number;
  /** URIs handed out and not yet finished. */
  readonly inProcess: number;
  /** URIs finished with a success status. */
  readonly succeeded: number;
  readonly failed: number;
  readonly disregarded: number;
  readonly queues: {
    readonly total: number; readonly ready: number; readonly snoozed: number; readonly retired: number;
    /** Queues waiting behind queues of a lower precedence (Heritrix's eligible inactive queues), when the frontier ranks queues. */
    readonly inactive?: number;
    /** Queues at or above the precedence floor: never served. */
    readonly ineligible?: number;
    /** Of the snoozed queues, those waiting to retry a URI whose fetch failed (retryDelaySeconds), not for politeness. */
    readonly retrying?: number;
    /** When the first of them retries (ms since the epoch). */
    readonly nextRetryAt?: number;
    /** The first few of them, the soonest first: which URI, why its last try failed, which try comes when. */
    readonly retryWaits?: readonly RetryWait[];
    /** Queues waiting for a turn by precedence, ascending: Heritrix's `(p3: 5; p10: 2)`. */
    readonly waitingByPrecedence?: ReadonlyArray<readonly [number, number]>;
  };
  /** URIs left in ineligible queues (at or above the precedence floor): queued, but never to be served. */
  readonly ineligibleUris?: number;
  /**
   * Of a frontier that worker processes share: the whole crawl's documents (successes but dns:) and
   * bytes downloaded, which progress, reports and limits count instead of this worker's own.
   */
  readonly shared?: {
    readonly documents: number; readonly bytes: number; readonly seedsCrawled: number;
    /** A delta run's documents by kind, crawl-wide: those the workers fetched, and those decided at the end. */
    readonly delta: DeltaCounts;
  };
}

/** A URI finished by a worker: what the frontier did with it. */
export type Disposition = 'success' | 'failure' | 'disregarded' | 'retry' | 'deferred';

/**
 * Per-queue scheduling: never two URIs of one queue in flight, never a queue before its
 * politeness delay has passed.
 */
export interface Frontier {
  /** At most this many outlinks of the URI's document are scheduled (its sheets applied). */
  maxOutlinksFor(curi: CrawlUri): number;
  /**
   * Adds a URI that passed the candidate chain; a URI seen before (by canonical key) is dropped
   * unless forced. A promise when the uniq filter must read to tell: the URI is queued (or
   * dropped) when it resolves, and its discoverer is not done before.
   */
  schedule(curi: CrawlUri): void | Promise<void>;
  /**
   * True when this exact URI was scheduled before, so that rediscovering it cannot schedule it
   * again: the candidate chain can be skipped for it. (False says nothing either way.)
   */
  wasScheduled(uri: string): boolean;
  /** The next URI to process; waits while every queue rests; `undefined` once nothing is queued or in flight. */
  next(signal?: AbortSignal): Promise<CrawlUri | undefined>;
  /**
   * Whether the URI is still this process's to write out, asked once its fetch chain has ended and
   * before anything of it leaves the process (writers, receivers, crawl.log): always, for a frontier
   * of one process; for one shared by workers, whether its lease still holds (and it is renewed for
   * a full term). A URI not held is discarded whole (CrawlUri.discarded), then given to finished().
   */
  stillHeld(curi: CrawlUri): boolean | Promise<boolean>;
  /** Returns a processed URI: done, to be retried, or deferred behind its prerequisite (a discarded one: let go of, nothing counted). */
  finished(curi: CrawlUri): Disposition | Promise<Disposition>;
  stats(): FrontierStats;
  /** Reads the counts anew, where they are kept elsewhere (a frontier workers share, whose stats() are up to a second old). */
  refreshStats?(): Promise<void>;
  /**
   * Called for each URI whose processing is over for good, once its outputs are written (crawl.log
   * and counters listen).
   */
  onFinal(listener: (curi: CrawlUri, disposition: Disposition) => void): void;
  /**
   * Called for each URI disposed of for good, at its queue's turn: before the next URI of its
   * queue can be handed out, while its outputs may still be being written behind (quotas count here).
   */
  onDisposed(listener: (curi: CrawlUri, disposition: Disposition) => void): void;
  /**
   * Takes a URI fetched outside the queues, for a URI in flight (a rendered page's request, fetched
   * for the browser), as the crawl's fetch of it, once its outputs are written: its key is marked in
   * the uniq filter then (so that a kill before the write loses nothing), it is counted and told to
   * the listeners as any URI done (quotas, statistics, crawl.log), and a copy of it already queued is
   * finished at its turn without a request (kept in the state store with the same commit). Resolves
   * to whether its key was new; a frontier without it leaves such URIs to the caller.
   */
  fetchedElsewhere?(curi: CrawlUri): boolean | Promise<boolean>;
  /**
   * Says that the URI is being fetched outside the queues (its fetchedElsewhere to come, which
   * ends the claim): a copy of it whose turn comes meanwhile waits, rather than being fetched too.
   * `queueKey`: the queue a copy of it would be in (a frontier shared by workers keeps the claim
   * with that queue, for a while: a worker that dies holds no copy back for ever).
   */
  claimElsewhere?(uri: string, queueKey?: string): void;
  /**
   * From now on, keeps which URIs the queues handed out are not yet done; the function returned says,
   * of a URI, when the one in flight is (its outputs written, onFinal's listeners told, or back in
   * its queue): undefined when none is in flight. Until asked for, nothing is kept a URI.
   */
  trackInFlight?(): (uri: string) => Promise<void> | undefined;
  /** Takes back a URI handed out but not processed (the crawl paused meanwhile): it waits in its queue again. */
  handBack?(curi: CrawlUri): Promise<void>;
  /** Wakes every worker waiting in next() (to stop, or to re-check limits). */
  wakeAll(): void;
}

/** "Seen before?" by canonical key. */
export interface UriUniqFilter {
  /** True when the key is new (and now recorded); a promise when the answer needs a read (a filter that keeps some of its keys on disk). */
  add(key: string): boolean | Promise<boolean>;
  readonly count: number;
}
