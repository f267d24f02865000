/** The frontier's queues as reports and GET …/queues list them. */

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
