import { defineComponent, type BeanView, type ComponentClass, type ValidationIssue } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import { fullMatchRegex } from './full-match-regex.js';

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
  validate: validateRegexList,
  load: async (): Promise<ComponentClass> => (await import('./matches-list-regex-decide-rule.js')).MatchesListRegexDecideRule,
});

/** Every expression must compile; each one that does not is reported. */
function validateRegexList(bean: BeanView): ValidationIssue[] {
  const list = bean.config.regexList;
  if (!Array.isArray(list)) return [];
  const issues: ValidationIssue[] = [];
  list.forEach((source, i) => {
    try {
      fullMatchRegex(String(source));
    } catch (e) {
      issues.push({ property: 'regexList', message: `regexList[${i}] "${String(source)}" is not a valid regular expression: ${regexProblem(e)}` });
    }
  });
  return issues;
}

/** V8's message without the pattern it repeats (`Invalid regular expression: /…/: Unterminated group`). */
function regexProblem(e: unknown): string {
  const message = (e as Error).message ?? String(e);
  const colon = message.lastIndexOf(': ');
  return colon >= 0 ? message.slice(colon + 2) : message;
}
