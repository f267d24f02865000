import type { CrawlUri } from './crawl-uri.js';
import { FetchStatus, isDisregarded } from './fetch-status.js';
import type { Disposition } from './frontier.js';

/** How many times one URI may wait behind prerequisites before it fails with -60. */
export const MAX_DEFERRALS = 20;

/** Statuses after which a URI is tried again after retryDelaySeconds (Heritrix: -1, -2, -3; here also robots unavailable). */
const RETRY_STATUSES = new Set<number>([
  FetchStatus.DOMAIN_UNRESOLVABLE, FetchStatus.CONNECT_FAILED, FetchStatus.CONNECT_LOST, FetchStatus.ROBOTS_PREREQUISITE_FAILURE,
]);

/** What a processed URI's disposition costs its queue: nothing for a deferral or a disregarded URI. */
export interface DisposedUri {
  readonly disposition: Disposition;
  readonly cost: number;
}

/** Whether disposeUri will send the URI back to its queue (the same tests, without their effects). */
export function goesBack(curi: CrawlUri, maxRetries: number): boolean {
  const status = curi.fetchStatus;
  if (status === FetchStatus.DEFERRED) return curi.deferrals < MAX_DEFERRALS;
  if (status === FetchStatus.UNATTEMPTED && curi.forceRetire) return true;
  return RETRY_STATUSES.has(status) && curi.fetchAttempts < maxRetries;
}

/**
 * Decides what becomes of a processed URI, as every frontier does: a deferral behind a
 * prerequisite or a retry sends it back (reset for its next try, the try counted), anything else
 * is done. The cost is what its queue is charged (an error adds errorPenaltyAmount).
 */
export function disposeUri(curi: CrawlUri, cfg: { readonly maxRetries: number; readonly errorPenaltyAmount: number }): DisposedUri {
  const status = curi.fetchStatus;
  if (status === FetchStatus.DEFERRED) {
    // Waiting behind a prerequisite is not a try; a prerequisite that fails for good ends the
    // wait through its own status, and MAX_DEFERRALS guards against a wait that never ends.
    if (curi.deferrals < MAX_DEFERRALS) {
      curi.deferrals++;
      curi.resetForRetry();
      return { disposition: 'deferred', cost: 0 };
    }
    curi.fetchStatus = FetchStatus.PREREQUISITE_UNSCHEDULABLE_FAILURE;
    curi.annotations.push(`${curi.deferrals}d`);
  } else if (status === FetchStatus.UNATTEMPTED && curi.forceRetire) {
    // Heritrix: left untried to retire its queue (over a quota), the URI goes back to the head of
    // the queue, which is retired; like every retry but a deferral it costs its queue.
    const cost = curi.cost;
    curi.resetForRetry();
    return { disposition: 'retry', cost };
  } else if (RETRY_STATUSES.has(status)) {
    if (curi.fetchAttempts < cfg.maxRetries) {
      curi.fetchAttempts++;
      const cost = curi.cost;
      curi.resetForRetry();
      return { disposition: 'retry', cost };
    }
    curi.annotations.push(`${curi.fetchAttempts}t`);
  }
  if (isDisregarded(curi.fetchStatus)) return { disposition: 'disregarded', cost: 0 };
  const ok = curi.fetchStatus > 0;
  return { disposition: ok ? 'success' : 'failure', cost: ok ? curi.cost : curi.cost + cfg.errorPenaltyAmount };
}
