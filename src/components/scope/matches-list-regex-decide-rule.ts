import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import { validateRegexes } from './regex-issues.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { fullMatchRegex } from '../../util/java-regex.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

export const matchesListRegexDecideRuleComponent = defineComponent({
  name: 'MatchesListRegexDecideRule',
  aliases: [
    'org.archive.modules.deciderules.MatchesListRegexDecideRule',
    'MatchesListRegExpDecideRule',
    'org.archive.modules.deciderules.MatchesListRegExpDecideRule',
  ],
  description:
    'Gives its decision to URIs that match any of `regexList` (all of them when `listLogicalOr` is false). Each ' +
    'expression is Java\'s and must match the whole URI, as in Java (docs/guide/bean-files.md: Regular expressions); what cannot match the same ' +
      'here is an error at verify.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('ACCEPT'),
    regexList: {
      type: 'array', items: { type: 'string' }, default: [], overlayable: true,
      description: 'Regular expressions, each matched against the whole URI. An empty list matches nothing.',
      examples: [['.*\\?.*sort=.*', '.*(?i)\\.(zip|iso)$']],
    },
    listLogicalOr: { type: 'boolean', default: true, overlayable: true, description: 'True: a URI matching any expression matches; false: it must ' +
      'match all of them.' },
  },
  validate: validateRegexes('regexList'),
  load: async (): Promise<ComponentClass> => MatchesListRegexDecideRule,
});

/** Heritrix's MatchesListRegexDecideRule: its decision when the URI matches any (or, AND-wise, every) expression. */
export class MatchesListRegexDecideRule extends PredicatedDecideRule<typeof matchesListRegexDecideRuleComponent> {
  /** The compiled list of each `regexList` in force (the base one, and any a sheet gives). */
  readonly #compiled = new WeakMap<readonly string[], readonly RegExp[]>();

  protected evaluate(curi: CrawlUri, c: ConfigOf<typeof matchesListRegexDecideRuleComponent>): boolean {
    const regexes = this.#regexes(c.regexList);
    if (regexes.length === 0) return false;
    const uri = curi.uri;
    const any = c.listLogicalOr;
    for (const regex of regexes) {
      if (regex.test(uri) === any) return any;
    }
    return !any;
  }

  #regexes(list: readonly string[]): readonly RegExp[] {
    let regexes = this.#compiled.get(list);
    if (regexes === undefined) this.#compiled.set(list, (regexes = list.map(fullMatchRegex)));
    return regexes;
  }
}
