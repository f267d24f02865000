import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';

export const tooManyHopsDecideRuleComponent = defineComponent({
  name: 'TooManyHopsDecideRule',
  aliases: ['org.archive.modules.deciderules.TooManyHopsDecideRule'],
  description: 'Rejects URIs more than `maxHops` hops of any kind (links, embeds, redirects, ...) from a seed.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('REJECT'),
    maxHops: { type: 'integer', default: 20, minimum: 0, overlayable: true, description: 'The most hops from a seed a URI may have (the length of its hops path).' },
  },
  load: async (): Promise<ComponentClass> => (await import('./too-many-hops-decide-rule.js')).TooManyHopsDecideRule,
});
