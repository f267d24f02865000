import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';

export const surtPrefixedDecideRuleComponent = defineComponent({
  name: 'SurtPrefixedDecideRule',
  aliases: ['org.archive.modules.deciderules.surt.SurtPrefixedDecideRule'],
  description:
    'Gives its decision to URIs whose SURT form (https read as http) starts with one of its SURT prefixes. The ' +
    'prefixes come from the seeds (`http://example.org/a/b.html` implies `http://(org,example,)/a/`), from ' +
    'directive lines of the seed list (`+http://(org,example,` for an ACCEPT rule, `-...` for a REJECT rule) and ' +
    'from `surtsSource` (URLs, and SURT prefixes on `+` lines). The default scope\'s `acceptSurts`.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('ACCEPT'),
    seedsAsSurtPrefixes: { type: 'boolean', default: true, description: 'Add the prefix each seed implies.' },
    alsoCheckVia: {
      type: 'boolean', default: false, overlayable: true,
      description: 'Also decide when the URI it was found on (its via) is covered: with ACCEPT, crawls one hop off the prefixes.',
    },
    surtsDumpFile: {
      type: 'string', default: '', path: true,
      description: 'Where to write the prefixes in use, one a line, when the crawl starts; empty writes none. Heritrix\'s profile uses `${launchId}/surts.dump`.',
    },
  },
  refs: {
    surtsSource: { kind: 'ReadSource', description: 'More prefixes: URLs or hosts (their implied prefixes) and literal SURT prefixes on `+` lines; `#` comments.' },
    seeds: { kind: 'SeedModule', autowire: true, description: 'The seeds whose implied prefixes and directive lines are added.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./surt-prefixed-decide-rule.js')).SurtPrefixedDecideRule,
});
