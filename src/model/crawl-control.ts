import type { Alert } from './crawl-logger.js';
import type { Diversion } from './crawl-uri.js';
import type { FrontierStats } from './frontier.js';
import type { QueueSummary } from './frontier-queues.js';

import type { DeltaCounts, PauseReason } from '../wire/job-status.js';

export type { DeltaCounts, PauseReason };

/** The figures soft limits are checked against. */
export interface CrawlTotals {
  readonly bytes: number;
  readonly documents: number;
  readonly elapsedMs: number;
}

/** The exit status of a crawl stopped to be resumed (Ctrl-C, SIGTERM, the service stopping): its next launch goes on with it. */
export const INTERRUPTED = 'INTERRUPTED';

/** Says which soft limit, if any, a crawl has reached (its exit status). */
export interface CrawlLimiter {
  reached(totals: CrawlTotals): string | undefined;
}

/**
 * Heritrix's controller states. PAUSING: paused, with URIs still in flight (they finish); PAUSED
 * once none is.
 */
export type ControllerState = 'NASCENT' | 'PREPARING' | 'RUNNING' | 'PAUSING' | 'PAUSED' | 'STOPPING' | 'FINISHED';

export interface CrawlProgress extends CrawlTotals {
  readonly state: ControllerState;
  /** Once the crawl is stopping or finished: why (FINISHED, ABORTED, FINISHED_DOCUMENT_LIMIT, ...). */
  readonly exitStatus?: string;
  readonly frontier: FrontierStats;
  readonly busyWorkers: number;
  /** Seeds that got a response (any status above 0), in this run and the runs it continues. */
  readonly seedsCrawled: number;
  /** A delta run's documents by kind so far (FetchHistoryStore with deltaCrawl); absent otherwise. */
  readonly delta?: DeltaCounts;
  /** Why the crawl paused by itself (a state store that cannot write, a disk nearly full), while it lasts. */
  readonly alert?: string;
  /** While the crawl is paused (PAUSING, PAUSED): why, each reason that holds it; it goes on once none does. */
  readonly pausedFor?: readonly PauseReason[];
  /** The last lines of alerts.log (a host that does not exist, a seed out of scope), the newest last. */
  readonly recentAlerts?: readonly Alert[];
}

/** What a launch drives: run to the end, stop early, report progress. */
export interface CrawlControl {
  /** Announces the seeds and crawls until nothing is left or the crawl is stopped; resolves to the exit status. */
  run(): Promise<string>;
  /** Stops taking new URIs; those in flight finish. `ABORTED` for an operator's stop. */
  terminate(exitStatus?: string): void;
  /** Workers finish the URIs in flight and take no new ones until unpause. Asked before the crawl runs, it starts paused. */
  pause(): void;
  /**
   * Pauses a running crawl as `pause` does, for a reason the crawl found itself (DiskSpaceMonitor):
   * the reason goes to the alert log and stays in `progress().alert` until the operator unpauses.
   */
  pauseWithAlert(reason: string): void;
  /**
   * The operator's unpause: lifts the operator's pause and a component's (pauseWithAlert); the
   * crawl goes on unless another reason still holds it (`progress().pausedFor`: a state store
   * that cannot write, a shared crawl out of reach), which lifts itself once its cause is gone.
   */
  unpause(): void;
  progress(): CrawlProgress;
  /**
   * Seeds added while the crawl runs (Heritrix's action directory, the service's POST …/seeds):
   * each is told to the seed module's listeners (scope rules that take seeds in) and offered to
   * the frontier as a seed.
   */
  addSeeds?(urls: readonly string[]): Promise<SeedAdded[]>;
  /** The frontier's queues, when it lists them. */
  queues?(): Iterable<QueueSummary> | undefined;
  /** Seeds of this run that a crawl mapper diverted to another crawler (not crawled here), with that crawler and the divert file. */
  divertedSeeds?(): ReadonlyArray<{ readonly uri: string } & Diversion>;
  /** Retires or reactivates a queue: true when done, false when the queue is not in a state for it, undefined when the frontier cannot. */
  queueAction?(action: 'retire' | 'reactivate', key: string): boolean | undefined;
  /**
   * Deletes the URIs waiting in a queue whose URI matches `pattern` (a Java regular expression,
   * matching the whole URI, as Heritrix's deleteURIs): how many; undefined when the frontier cannot,
   * null when the queue has a URI in process (ask again).
   */
  deleteUris?(key: string, pattern: string): Promise<number | null | undefined>;
}

/** What became of a seed added to a running crawl. */
export interface SeedAdded {
  readonly url: string;
  readonly scheduled: boolean;
  /** Why it was not scheduled. */
  readonly why?: string;
}
