import type { QueueState, QueueSummary } from '../wire/queues.js';

export type { QueueState, QueueSummary };

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
