import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { matchesListRegexDecideRuleComponent } from './matches-list-regex-decide-rule.js';
import { validateRegexes } from './regex-issues.js';
import { regexAliases } from './regex-decide-rules-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { MatchesListRegexDecideRule } from './matches-list-regex-decide-rule.js';

export const notMatchesListRegexDecideRuleComponent = defineComponent({
  name: 'NotMatchesListRegexDecideRule',
  aliases: regexAliases('NotMatchesListRegexDecideRule'),
  description:
    'Gives its decision to URIs that match none of `regexList` (with `listLogicalOr` false: not all of them). As in Heritrix, ' +
    'an empty list matches nothing, so the rule then applies to every URI.',
  kinds: ['DecideRule'],
  props: matchesListRegexDecideRuleComponent.props,
  validate: validateRegexes('regexList'),
  load: async (): Promise<ComponentClass> => NotMatchesListRegexDecideRule,
});

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
