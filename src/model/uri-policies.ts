import type { CrawlUri } from './crawl-uri.js';

/** Turns a URI into its uniqueness key ("seen before?"); the URI itself keeps its own form. */
export interface CanonicalizationPolicy {
  /** The key of `uri` (the candidate's own URI or its via) under the rules as `curi`'s sheets set them. */
  canonicalKey(uri: string, curi: CrawlUri): string;
}

/** One step of a RulesCanonicalizationPolicy. */
export interface CanonicalizationRule {
  /** Whether the rule is on for this URI (a sheet may switch it off); on when absent. */
  enabledFor?(curi: CrawlUri): boolean;
  canonicalize(uri: string): string;
}

/** Names the queue a URI joins (by default its SURT authority). */
export interface QueueAssignmentPolicy {
  queueKey(curi: CrawlUri): string;
}

/** What a URI costs its queue's budgets (Heritrix's CostAssignmentPolicy); never negative. */
export interface CostAssignmentPolicy {
  costOf(curi: CrawlUri): number;
}
