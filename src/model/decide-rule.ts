import type { CrawlUri } from './crawl-uri.js';
import type { DecideResult } from './decide-result.js';

/** Decides on a URI: scope rules, `shouldProcessRule` of processors, sheet associations. */
export interface DecideRule {
  decisionFor(uri: CrawlUri): DecideResult;
  /** The only decision this rule can return for this URI other than NONE, when it has one (lets sequences skip it). */
  onlyDecision?(uri: CrawlUri): DecideResult | undefined;
}
