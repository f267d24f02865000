import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';

export const transclusionDecideRuleComponent = defineComponent({
  name: 'TransclusionDecideRule',
  aliases: ['org.archive.modules.deciderules.TransclusionDecideRule'],
  description:
    'Accepts what a page needs to be seen (embeds, redirects, prerequisites) even off-site: URIs whose hops path ' +
    'ends in 1 to `maxTransHops` hops other than L, counting back to the last L, M or S hop (or the seed). R hops ' +
    'do not count toward the limit; more than `maxSpeculativeHops` X hops disqualify.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('ACCEPT'),
    maxTransHops: { type: 'integer', default: 2, minimum: 0, overlayable: true, description: 'The most trailing hops other than L (R hops excepted) a URI may have to be accepted.' },
    maxSpeculativeHops: { type: 'integer', default: 1, minimum: 0, overlayable: true, description: 'The most speculative (X) hops among those trailing hops.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./transclusion-decide-rule.js')).TransclusionDecideRule,
});
