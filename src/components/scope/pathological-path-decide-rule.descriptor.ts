import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';

export const pathologicalPathDecideRuleComponent = defineComponent({
  name: 'PathologicalPathDecideRule',
  aliases: ['org.archive.modules.deciderules.PathologicalPathDecideRule'],
  description:
    'Rejects URIs in which a path segment, or a run of segments, repeats consecutively more than `maxRepetitions` ' +
    'times (`/a/a/a/x` with the default 2): the mark of relative links looping into a crawler trap. Matches what ' +
    'Heritrix\'s regular expression `.*?/(.*?/)\\1{n,}.*` matches, by a scan of the segments.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    maxRepetitions: { type: 'integer', default: 2, minimum: 1, overlayable: true, description: 'How many times in a row a segment (or a run of segments) may appear; more is rejected.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./pathological-path-decide-rule.js')).PathologicalPathDecideRule,
});
