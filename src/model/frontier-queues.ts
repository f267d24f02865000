/** Where a queue is in its life, as Heritrix's frontier reports group them. */
export type QueueState = 'in-process' | 'ready' | 'snoozed' | 'inactive' | 'retired' | 'exhausted';

/** One frontier queue, as reports list it. */
export interface QueueSummary {
  readonly key: string;
  readonly state: QueueState;
  /** URIs waiting in it. */
  readonly size: number;
  /** What it may still spend before it goes to the back of the line. */
  readonly balance: number;
  readonly totalSpent: number;
  /** -1 without a budget. */
  readonly totalBudget: number;
  /** Its precedence (the frontier's queuePrecedencePolicy), when the frontier keeps one. */
  readonly precedence?: number;
  /** When a snoozed queue wakes (ms since the epoch); 0 otherwise. */
  readonly wakeAt: number;
  /** The URI last scheduled into it and the one last taken from it, when known. */
  readonly lastQueued?: string;
  readonly lastPeeked?: string;
  /** URIs of it being processed now (one at most: a queue is served one URI at a time). */
  readonly inFlight?: number;
  /** Tries that failed (status 0 or below, not disregarded), this launch; and the fetch status of its last try. */
  readonly errors?: number;
  readonly lastStatus?: number;
}

/** A frontier that can list its queues for reports (optional: reports do without). */
export interface QueueLister {
  queueSummaries(): Iterable<QueueSummary>;
  /** The operator's retire: the queue is passed over from now on, its URIs kept. False when there is no such queue not retired. */
  retireQueue?(key: string): boolean;
  /** The operator's reactivate: a retired queue goes back in line with a fresh budget (nothing spent). False when there is no such retired queue. */
  reactivateQueue?(key: string): boolean;
  /** The operator's delete: the queue's waiting URIs that match, taken out for good; how many (undefined: the queue has a URI in process, ask again). */
  deleteUris?(key: string, matches: (uri: string) => boolean): Promise<number | undefined>;
}

export function listsQueues(frontier: object): frontier is QueueLister {
  return typeof (frontier as Partial<QueueLister>).queueSummaries === 'function';
}
