import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

export const rulesCanonicalizationPolicyComponent = defineComponent({
  name: 'RulesCanonicalizationPolicy',
  aliases: ['org.archive.modules.canonicalize.RulesCanonicalizationPolicy'],
  description:
    'Makes the uniqueness key of a URI ("seen before?") by running its rules in order; the URI itself is not ' +
    'changed. Without rules: Heritrix\'s six (LowercaseRule, StripUserinfoRule, StripWwwnRule, StripSessionIds, ' +
    'StripSessionCfids, FixupQueryString).',
  kinds: ['CanonicalizationPolicy'],
  props: {},
  refs: {
    rules: { kind: 'CanonicalizationRule', list: true, description: 'The rules, in order; an empty list means the six default rules.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./rules-canonicalization-policy.js')).RulesCanonicalizationPolicy,
});
