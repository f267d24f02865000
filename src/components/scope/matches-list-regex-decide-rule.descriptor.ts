import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import { validateRegexes } from './regex-issues.js';

export const matchesListRegexDecideRuleComponent = defineComponent({
  name: 'MatchesListRegexDecideRule',
  aliases: [
    'org.archive.modules.deciderules.MatchesListRegexDecideRule',
    'MatchesListRegExpDecideRule',
    'org.archive.modules.deciderules.MatchesListRegExpDecideRule',
  ],
  description:
    'Gives its decision to URIs that match any of `regexList` (all of them when `listLogicalOr` is false). Each ' +
    'expression must match the whole URI, as in Java; an inline `(?i)` makes the whole expression case-insensitive.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('ACCEPT'),
    regexList: {
      type: 'array', items: { type: 'string' }, default: [], overlayable: true,
      description: 'Regular expressions, each matched against the whole URI. An empty list matches nothing.',
      examples: [['.*\\?.*sort=.*', '.*(?i)\\.(zip|iso)$']],
    },
    listLogicalOr: { type: 'boolean', default: true, overlayable: true, description: 'True: a URI matching any expression matches; false: it must match all of them.' },
  },
  validate: validateRegexes('regexList'),
  load: async (): Promise<ComponentClass> => (await import('./matches-list-regex-decide-rule.js')).MatchesListRegexDecideRule,
});
