import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';

export const tooManyPathSegmentsDecideRuleComponent = defineComponent({
  name: 'TooManyPathSegmentsDecideRule',
  aliases: ['org.archive.modules.deciderules.TooManyPathSegmentsDecideRule'],
  description: 'Rejects URIs whose path (without the query) holds more than `maxPathDepth` \'/\' characters.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('REJECT'),
    maxPathDepth: { type: 'integer', default: 20, minimum: 0, overlayable: true, description: 'The most \'/\' characters a URI\'s path may hold.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./too-many-path-segments-decide-rule.js')).TooManyPathSegmentsDecideRule,
});
