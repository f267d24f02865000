import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';

export const seedAcceptDecideRuleComponent = defineComponent({
  name: 'SeedAcceptDecideRule',
  aliases: ['org.archive.modules.deciderules.SeedAcceptDecideRule'],
  description: 'Accepts seeds and gives no decision for anything else. Late in a scope, it keeps other rules from locking out seeds.',
  kinds: ['DecideRule'],
  props: DECIDE_RULE_PROPS,
  load: async (): Promise<ComponentClass> => (await import('./seed-accept-decide-rule.js')).SeedAcceptDecideRule,
});

export const sourceSeedDecideRuleComponent = defineComponent({
  name: 'SourceSeedDecideRule',
  aliases: ['org.archive.modules.deciderules.SourceSeedDecideRule'],
  description:
    'Gives its decision to URIs reached from one of `sourceSeeds`, by their source tag. Only URIs the seed module tags ' +
    '(its `sourceTagSeeds`) carry one; without tags the rule never applies.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('ACCEPT'),
    sourceSeeds: {
      type: 'array', items: { type: 'string' }, default: [],
      description: 'Seed URLs as the seed list gives them; each also counts in its normalised form (`http://example.org` as `http://example.org/`).',
      examples: [['http://example.org/', 'https://www.example.com/news/']],
    },
  },
  load: async (): Promise<ComponentClass> => (await import('./source-seed-decide-rule.js')).SourceSeedDecideRule,
});

export const hasViaDecideRuleComponent = defineComponent({
  name: 'HasViaDecideRule',
  aliases: ['org.archive.modules.deciderules.HasViaDecideRule'],
  description: 'Gives its decision to URIs found on another URI (they have a via): everything but seeds and URIs added without one.',
  kinds: ['DecideRule'],
  props: { ...DECIDE_RULE_PROPS, decision: decisionProp('ACCEPT') },
  load: async (): Promise<ComponentClass> => (await import('./has-via-decide-rule.js')).HasViaDecideRule,
});

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
