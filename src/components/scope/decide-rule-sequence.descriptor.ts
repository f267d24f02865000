import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';

export const decideRuleSequenceComponent = defineComponent({
  name: 'DecideRuleSequence',
  aliases: ['org.archive.modules.deciderules.DecideRuleSequence'],
  description: 'Applies its rules in order; the last decision other than NONE wins. A crawl\'s scope is such a sequence.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    logToFile: { type: 'boolean', default: false, description: 'Log every decision (rule index, rule, decision, URI) to logs/<beanId>.log.' },
  },
  refs: {
    rules: { kind: 'DecideRule', list: true, description: 'The rules, in order.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./decide-rule-sequence.js')).DecideRuleSequence,
});
