import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';

export const schemeNotInSetDecideRuleComponent = defineComponent({
  name: 'SchemeNotInSetDecideRule',
  aliases: ['org.archive.modules.deciderules.SchemeNotInSetDecideRule'],
  description: 'Rejects URIs whose scheme (`mailto`, `javascript`, ...) is not one of `schemes`.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('REJECT'),
    schemes: {
      type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true,
      default: ['http', 'https', 'ftp', 'dns', 'whois', 'sftp'],
      description: 'The schemes the crawl handles (compared without regard to case).',
    },
  },
  load: async (): Promise<ComponentClass> => (await import('./scheme-not-in-set-decide-rule.js')).SchemeNotInSetDecideRule,
});
