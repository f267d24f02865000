import type { CrawlUri } from '../../model/crawl-uri.js';
import { MatchesRegexDecideRule } from './matches-regex-decide-rule.js';

/** Heritrix's HopsPathMatchesRegexDecideRule: its decision when `regex` matches the whole hops path (`LLE`, `LRX`; '' for a seed). */
export class HopsPathMatchesRegexDecideRule extends MatchesRegexDecideRule {
  protected override subject(curi: CrawlUri): string {
    return curi.hopsPath;
  }
}
