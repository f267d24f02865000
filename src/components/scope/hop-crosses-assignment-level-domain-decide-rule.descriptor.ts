import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';

// Apart from its class, so that verify does not initialise tldts (its Public Suffix List): see CONTRIBUTING.md, "Adding a component".
export const hopCrossesAssignmentLevelDomainDecideRuleComponent = defineComponent({
  name: 'HopCrossesAssignmentLevelDomainDecideRule',
  aliases: ['org.archive.modules.deciderules.HopCrossesAssignmentLevelDomainDecideRule'],
  description:
    'Gives its decision to URIs whose assignment-level domain (public suffix plus one label, from the Public Suffix List ' +
    'with its private section: `www.example.co.uk` → `example.co.uk`, `a.blogspot.com` → itself) differs from their via\'s: ' +
    'a hop to another site. An IP address, or a host without a known suffix, stands for itself. NONE without a via.',
  kinds: ['DecideRule'],
  props: { ...DECIDE_RULE_PROPS, decision: decisionProp('ACCEPT') },
  load: async (): Promise<ComponentClass> => (await import('./hop-crosses-assignment-level-domain-decide-rule.js')).HopCrossesAssignmentLevelDomainDecideRule,
});
