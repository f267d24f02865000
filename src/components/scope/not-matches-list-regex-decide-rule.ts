import type { CrawlUri } from '../../model/crawl-uri.js';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import { MatchesListRegexDecideRule } from './matches-list-regex-decide-rule.js';
import type { matchesListRegexDecideRuleComponent } from './matches-list-regex-decide-rule.descriptor.js';

/**
 * Heritrix's NotMatchesListRegexDecideRule: its decision when MatchesListRegexDecideRule's test
 * fails (no expression matches; with `listLogicalOr` false, not all of them). An empty list
 * matches nothing, so this rule then applies to every URI, as in Heritrix.
 */
export class NotMatchesListRegexDecideRule extends MatchesListRegexDecideRule {
  protected override evaluate(curi: CrawlUri, c: ConfigOf<typeof matchesListRegexDecideRuleComponent>): boolean {
    return !super.evaluate(curi, c);
  }
}
