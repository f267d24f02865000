import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

export const hasViaDecideRuleComponent = defineComponent({
  name: 'HasViaDecideRule',
  aliases: ['org.archive.modules.deciderules.HasViaDecideRule'],
  description: 'Gives its decision to URIs found on another URI (they have a via): everything but seeds and URIs added without one.',
  kinds: ['DecideRule'],
  props: { ...DECIDE_RULE_PROPS, decision: decisionProp('ACCEPT') },
  load: async (): Promise<ComponentClass> => HasViaDecideRule,
});

/** Heritrix's HasViaDecideRule: its decision for URIs found on another (they have a via); seeds and most mid-crawl additions have none. */
export class HasViaDecideRule extends PredicatedDecideRule {
  protected evaluate(curi: CrawlUri): boolean {
    return curi.via !== undefined;
  }
}
