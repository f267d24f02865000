import type { CrawlUri } from '../../model/crawl-uri.js';
import { MatchesListRegexDecideRule } from './matches-list-regex-decide-rule.js';

/**
 * Heritrix's NotMatchesListRegexDecideRule: its decision when MatchesListRegexDecideRule's test
 * fails (no expression matches; with `listLogicalOr` false, not all of them). An empty list
 * matches nothing, so this rule then applies to every URI, as in Heritrix.
 */
export class NotMatchesListRegexDecideRule extends MatchesListRegexDecideRule {
  protected override evaluate(curi: CrawlUri): boolean {
    return !super.evaluate(curi);
  }
}
