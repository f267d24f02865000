import type { QueuedUri } from '../../model/crawl-uri.js';

/** A retry a queue waits for: the URI, its last try's status and why it failed, the try that comes next of how many. */
export interface RetryNote {
  readonly uri: string;
  readonly status: number;
  readonly error: string;
  readonly nextTry: number;
  readonly maxTries: number;
}

/** What is kept of one queue between launches. */
export interface StoredQueue {
  readonly key: string;
  /** URIs stored under ordinary keys (read back in order, a chunk at a time). */
  readonly stored: number;
  /** URIs stored under urgent keys (prerequisites: all read back at once). */
  readonly storedUrgent: number;
  readonly totalSpent: number;
  readonly retired: boolean;
  /** URIs done with a success status (queue precedence policies count them). */
  readonly successes?: number;
  /** Its precedence when last staged. */
  readonly precedence?: number;
  /** How many waiting URIs have each precedence, for a policy that tracks them. */
  readonly uriPrecedences?: Readonly<Record<string, number>>;
  /** When the queue may next be visited (epoch ms): its politeness or retry wait, kept so that a restart does not cut it short. */
  readonly wakeAt?: number;
  /** Set while `wakeAt` is a wait to retry a failed fetch (not politeness): so that a resumed crawl still says why it waits. */
  readonly retry?: RetryNote;
}

/** The frontier's own figures kept between launches. */
export interface FrontierTotals {
  readonly discovered: number;
  readonly succeeded: number;
  readonly failed: number;
  readonly disregarded: number;
  /** The next key sequence number: keys are never reused. */
  readonly seq: number;
}

/**
 * Where a durable frontier keeps every queued URI, from the moment it is scheduled until it is
 * done, so that a crash loses none: URIs in flight are still there when the crawl resumes. URIs
 * beyond what memory holds are read back from here in order.
 */
export interface QueueJournal {
  /**
   * Stores a URI that joins its queue; returns the key it is stored under. Ordinary keys sort by
   * the URI's rank in its queue (scheduling directive, precedence), then by a sequence number
   * that only grows (Heritrix's BdbWorkQueue key: class key, directive and precedence bytes, ordinal).
   * `rank` is the item's rankOf. A CrawlUri may be given as it is (it has every field of a QueuedUri,
   * and sheetKey is taken from its overlay as toQueued takes it); the item is not changed.
   */
  added(item: QueuedUri, urgent: boolean, rank: number): string;
  /** The sequence number the next stored URI gets. */
  readonly nextSequence: number;
  /** The sequence number within a key. */
  sequenceOf(storeKey: string): number;
  /** Whether a key of queue `queueKey` is an ordinary one (not a prerequisite's). */
  isOrdinary(storeKey: string, queueKey: string): boolean;
  /** Rewrites a stored URI that goes back to its queue (a retry, with its tries counted). */
  updated(item: QueuedUri): void;
  /** Removes a URI whose processing is over for good. */
  removed(storeKey: string): void;
  /** The first `limit` URIs of a queue stored under ordinary keys, in key order, once what is staged is committed. */
  read(queueKey: string, limit: number): Promise<QueuedUri[]>;
  /**
   * Every URI of a queue stored under ordinary keys, in key order, a page at a time (so that a
   * queue of any length is gone through in bounded memory), once what is staged is committed.
   */
  scan(queueKey: string): AsyncIterable<QueuedUri>;
  /** Every URI of a queue stored under urgent keys. */
  readUrgent(queueKey: string): Promise<QueuedUri[]>;
  /** Keeps a queue and the totals with the next commit. */
  stageQueue(state: StoredQueue): void;
  stageTotals(totals: FrontierTotals): void;
  /** What the last launch left: the stored queues and totals. */
  load(): Promise<{ queues: StoredQueue[]; totals?: FrontierTotals }>;
  /** Keeps (or, `done` false, forgets) that a URI was fetched outside the queues while a copy of it may be queued (WorkQueueFrontier.fetchedElsewhere). */
  doneElsewhere(uri: string, done: boolean): void;
  /** The URIs kept by doneElsewhere. */
  loadDoneElsewhere(): Promise<string[]>;
  /** Says that URIs left memory with their writes perhaps not yet committed (reads must wait for a commit). */
  spilled(): void;
}
