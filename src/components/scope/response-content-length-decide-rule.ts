import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { orderedIssues } from '../../beans/registry/ordered-properties.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import { NO_LIMIT, BODY } from './fetch-result-decide-rules-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

export const responseContentLengthDecideRuleComponent = defineComponent({
  name: 'ResponseContentLengthDecideRule',
  aliases: ['org.archive.modules.deciderules.ResponseContentLengthDecideRule'],
  description: `Gives its decision to fetched URIs when ${BODY} lies between \`lowerBound\` and \`upperBound\`, both included; NONE before a fetch.`,
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('ACCEPT'),
    lowerBound: { type: 'integer', default: 0, minimum: 0, overlayable: true, description: 'The fewest bytes a body may have for the rule to apply.' },
    upperBound: { type: 'integer', default: NO_LIMIT, minimum: 0, overlayable: true, description: `The most bytes a body may have for the rule to ` +
      `apply; the default (${NO_LIMIT}) has no limit.` },
  },
  validate: (bean) => orderedIssues(bean, { property: 'lowerBound' }, { property: 'upperBound' }, 'the rule could never apply'),
  load: async (): Promise<ComponentClass> => ResponseContentLengthDecideRule,
});

/** Heritrix's ResponseContentLengthDecideRule: its decision for fetched URIs whose body length lies within [lowerBound, upperBound]. */
export class ResponseContentLengthDecideRule extends PredicatedDecideRule<typeof responseContentLengthDecideRuleComponent> {
  protected evaluate(curi: CrawlUri, c: ConfigOf<typeof responseContentLengthDecideRuleComponent>): boolean {
    const size = curi.contentSize;
    return curi.fetchBeginTime > 0 && size >= 0 && size >= c.lowerBound && size <= c.upperBound;
  }
}
