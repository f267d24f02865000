import type { CrawlUri } from './crawl-uri.js';

/** How long a server rests after a request to it (DispositionProcessor's properties, as a URI's sheets set them). */
export interface Politeness {
  readonly delayFactor: number;
  readonly minDelayMs: number;
  readonly maxDelayMs: number;
  readonly respectCrawlDelayUpToSeconds: number;
}

/** What knows each URI's politeness (DispositionProcessor): the rest the frontier gives its queue, for requests made outside the frontier. */
export interface PolitenessSource {
  politenessFor(curi: CrawlUri): Politeness;
}

/**
 * How long the server rests after a URI: clamp(delayFactor × fetch time, minDelayMs, maxDelayMs),
 * raised to its robots.txt Crawl-delay up to respectCrawlDelayUpToSeconds; none after a URI that
 * made no request (dns:, robots-precluded, deferred).
 */
export function politenessDelayMs(curi: CrawlUri, p: Politeness): number {
  if (curi.fetchBeginTime === 0 || curi.uri.startsWith('dns:')) return 0;
  let delay = Math.min(Math.max(p.delayFactor * curi.fetchDurationMs, p.minDelayMs), p.maxDelayMs);
  if (curi.requestedDelayMs !== undefined) delay = Math.max(delay, Math.min(curi.requestedDelayMs, p.respectCrawlDelayUpToSeconds * 1000));
  return Math.round(delay);
}
