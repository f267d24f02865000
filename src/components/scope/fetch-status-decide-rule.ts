import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

export const fetchStatusDecideRuleComponent = defineComponent({
  name: 'FetchStatusDecideRule',
  aliases: ['org.archive.modules.deciderules.FetchStatusDecideRule'],
  description: 'Gives its decision to URIs whose fetch status (an HTTP code, 1 for DNS, or a negative Heritrix code such as -9998) is one of `statusCodes`.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('ACCEPT'),
    statusCodes: {
      type: 'array', items: { type: 'integer' }, default: [],
      description: 'The statuses the rule applies to; empty matches nothing.',
      examples: [[404, 410], [-9998]],
    },
  },
  load: async (): Promise<ComponentClass> => FetchStatusDecideRule,
});

/** Heritrix's FetchStatusDecideRule: its decision for URIs whose fetch status is one of `statusCodes`. */
export class FetchStatusDecideRule extends PredicatedDecideRule<typeof fetchStatusDecideRuleComponent> {
  readonly #codes: ReadonlySet<number>;

  constructor(config: ConfigOf<typeof fetchStatusDecideRuleComponent>) {
    super(config);
    this.#codes = new Set(config.statusCodes);
  }

  protected evaluate(curi: CrawlUri): boolean {
    return this.#codes.has(curi.fetchStatus);
  }
}
