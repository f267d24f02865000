import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';

export const prerequisiteAcceptDecideRuleComponent = defineComponent({
  name: 'PrerequisiteAcceptDecideRule',
  aliases: ['org.archive.modules.deciderules.PrerequisiteAcceptDecideRule'],
  description: 'Accepts prerequisites (last hop P: the dns: lookup and robots.txt a fetch needs), wherever they are.',
  kinds: ['DecideRule'],
  props: DECIDE_RULE_PROPS,
  load: async (): Promise<ComponentClass> => (await import('./prerequisite-accept-decide-rule.js')).PrerequisiteAcceptDecideRule,
});
