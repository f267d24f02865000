import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';

export const acceptDecideRuleComponent = defineComponent({
  name: 'AcceptDecideRule',
  aliases: ['org.archive.modules.deciderules.AcceptDecideRule'],
  description: 'Accepts every URI (unless disabled).',
  kinds: ['DecideRule'],
  props: DECIDE_RULE_PROPS,
  load: async (): Promise<ComponentClass> => (await import('./constant-decide-rule.js')).AcceptDecideRule,
});

export const rejectDecideRuleComponent = defineComponent({
  name: 'RejectDecideRule',
  aliases: ['org.archive.modules.deciderules.RejectDecideRule'],
  description: 'Rejects every URI (unless disabled); the usual first rule of a scope.',
  kinds: ['DecideRule'],
  props: DECIDE_RULE_PROPS,
  load: async (): Promise<ComponentClass> => (await import('./constant-decide-rule.js')).RejectDecideRule,
});
