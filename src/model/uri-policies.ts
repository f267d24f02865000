import type { CrawlUri } from './crawl-uri.js';

/** Turns a URI into its uniqueness key ("seen before?"); the URI itself keeps its own form. */
export interface CanonicalizationPolicy {
  canonicalKey(uri: string): string;
}

/** One step of a RulesCanonicalizationPolicy. */
export interface CanonicalizationRule {
  canonicalize(uri: string): string;
}

/** Names the queue a URI joins (by default its SURT authority). */
export interface QueueAssignmentPolicy {
  queueKey(curi: CrawlUri): string;
}
