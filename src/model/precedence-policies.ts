import type { CrawlUri } from './crawl-uri.js';

/**
 * Heritrix's scheduling directives (SchedulingConstants): the coarse order within a queue, before
 * precedence. Lower goes first.
 */
export const SchedulingDirective = {
  HIGHEST: 0,
  HIGH: 1,
  MEDIUM: 2,
  NORMAL: 3,
} as const;

export type SchedulingDirective = (typeof SchedulingDirective)[keyof typeof SchedulingDirective];

/** Sets the precedence of a URI joining its queue (Heritrix's UriPrecedencePolicy): lower goes first. */
export interface UriPrecedencePolicy {
  uriScheduled(curi: CrawlUri): void;
}

/** What a queue precedence policy sees of a queue. */
export interface PrecedenceQueue {
  /** URIs of the queue done with a success status. */
  readonly successes: number;
  /** The lowest precedence among the URIs waiting in it, undefined when none waits (kept only for a policy that tracks URI precedences). */
  lowestUriPrecedence(): number | undefined;
}

/**
 * Gives a queue its precedence (Heritrix's QueuePrecedencePolicy): queues waiting for a turn are
 * served lowest precedence first, and none at or above the frontier's precedenceFloor is served.
 */
export interface QueuePrecedencePolicy {
  /** Whether the frontier must count the precedences of the URIs each queue holds (and ask again when a lower one joins). */
  readonly tracksUriPrecedences: boolean;
  /**
   * The queue's precedence, as `curi` (the URI that made the queue, just joined it or was just
   * done in it) sees the policy's properties; no URI for a queue restored from the store.
   */
  precedenceOf(queue: PrecedenceQueue, curi: CrawlUri | undefined): number;
}
