import type { QueuedUri } from '../../model/crawl-uri.js';

/** Where a queue's older URIs go when memory is full, and come back from in order. */
export interface QueueSpill {
  /** Appends URIs to the end of a queue's stored part. */
  write(queueKey: string, items: readonly QueuedUri[]): void;
  /** Takes up to `limit` URIs from the front of a queue's stored part (waits for earlier writes). */
  take(queueKey: string, limit: number): Promise<QueuedUri[]>;
  /** Waits for every write to reach the store. */
  flush(): Promise<void>;
}
