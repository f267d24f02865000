import type { CrawlLimiter, CrawlProgress } from '../../model/crawl-control.js';

/**
 * The exit status of a crawl, from its progress: the status itself where the controller tells
 * it; otherwise, once the crawl is over, the limit it reached, `ABORTED` when URIs were left
 * queued without one (an operator's stop), else `FINISHED` (URIs left in queues at or above the
 * frontier's precedenceFloor, which are never served, do not count). While it runs: its state.
 */
export function crawlExitStatus(progress: CrawlProgress, limiter?: CrawlLimiter): string {
  const told = (progress as CrawlProgress & { readonly exitStatus?: string }).exitStatus;
  if (told) return told;
  if (progress.state !== 'FINISHED') return progress.state;
  const limit = limiter?.reached(progress);
  if (limit) return limit;
  return progress.frontier.queued > (progress.frontier.ineligibleUris ?? 0) ? 'ABORTED' : 'FINISHED';
}
