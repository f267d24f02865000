import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

export const tooManyHopsDecideRuleComponent = defineComponent({
  name: 'TooManyHopsDecideRule',
  aliases: ['org.archive.modules.deciderules.TooManyHopsDecideRule'],
  description: 'Rejects URIs more than `maxHops` hops of any kind (links, embeds, redirects, ...) from a seed.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('REJECT'),
    maxHops: { type: 'integer', default: 20, minimum: 0, overlayable: true, description: 'The most hops from a seed a URI may have (the length of ' +
      'its hops path).' },
  },
  load: async (): Promise<ComponentClass> => TooManyHopsDecideRule,
});

/** Heritrix's TooManyHopsDecideRule: its decision (REJECT) when the hops path is longer than `maxHops`. */
export class TooManyHopsDecideRule extends PredicatedDecideRule<typeof tooManyHopsDecideRuleComponent> {
  protected evaluate(curi: CrawlUri, c: ConfigOf<typeof tooManyHopsDecideRuleComponent>): boolean {
    return curi.hopCount > c.maxHops;
  }
}
