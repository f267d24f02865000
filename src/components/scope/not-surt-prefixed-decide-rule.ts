import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { SOURCES, SURT_RULE_PROPS, SURT_RULE_REFS } from './surt-variant-decide-rules-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { surtPrefixedDecideRuleComponent } from './surt-prefixed-decide-rule.js';
import { SurtPrefixedDecideRule } from './surt-prefixed-decide-rule.js';

export const notSurtPrefixedDecideRuleComponent = defineComponent({
  name: 'NotSurtPrefixedDecideRule',
  aliases: ['org.archive.modules.deciderules.surt.NotSurtPrefixedDecideRule'],
  description: `Gives its decision to URIs whose SURT form starts with none of its SURT prefixes (to every URI while it has none). ${SOURCES}.`,
  kinds: ['DecideRule'],
  props: SURT_RULE_PROPS,
  refs: SURT_RULE_REFS,
  load: async (): Promise<ComponentClass> => NotSurtPrefixedDecideRule,
});

/** Heritrix's NotSurtPrefixedDecideRule: its decision for URIs no prefix covers (every URI while the set is empty). */
export class NotSurtPrefixedDecideRule extends SurtPrefixedDecideRule {
  protected override evaluate(curi: CrawlUri, c: ConfigOf<typeof surtPrefixedDecideRuleComponent>): boolean {
    return !super.evaluate(curi, c);
  }
}
