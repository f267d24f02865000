import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

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
  load: async (): Promise<ComponentClass> => SchemeNotInSetDecideRule,
});

/** Heritrix's SchemeNotInSetDecideRule: its decision (REJECT) when the URI's scheme is not listed. */
export class SchemeNotInSetDecideRule extends PredicatedDecideRule<typeof schemeNotInSetDecideRuleComponent> {
  readonly #schemes: ReadonlySet<string>;

  constructor(config: ConfigOf<typeof schemeNotInSetDecideRuleComponent>) {
    super(config);
    this.#schemes = new Set(config.schemes.map((s) => s.toLowerCase()));
  }

  protected evaluate(curi: CrawlUri): boolean {
    const colon = curi.uri.indexOf(':');
    if (colon <= 0) return true;
    const scheme = curi.uri.slice(0, colon);
    return !this.#schemes.has(scheme) && !this.#schemes.has(scheme.toLowerCase());
  }
}
