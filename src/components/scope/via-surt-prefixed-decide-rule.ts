import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { SurtPrefixSet } from '../../util/url/surt-prefix-set.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

export const viaSurtPrefixedDecideRuleComponent = defineComponent({
  name: 'ViaSurtPrefixedDecideRule',
  aliases: ['org.archive.modules.deciderules.ViaSurtPrefixedDecideRule'],
  description: 'Gives its decision to URIs found on a page (their via) whose SURT form, https read as http, starts with one of `surtPrefixes`.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('ACCEPT'),
    surtPrefixes: {
      type: 'array', items: { type: 'string' }, default: [],
      description:
        'SURT prefixes (`http://(org,example,`), taken literally and lower-cased when they hold a `(`; any other entry is a URL or ' +
        'host whose implied prefix is used (`example.org` covers its subdomains); a leading `+`, as in seed lists, is ignored. ' +
        'Heritrix requires it; empty matches nothing.',
      examples: [['http://(org,example,', 'http://www.example.com/news/']],
    },
  },
  load: async (): Promise<ComponentClass> => ViaSurtPrefixedDecideRule,
});

/** Heritrix's ViaSurtPrefixedDecideRule: its decision for URIs found on a page (their via) that `surtPrefixes` covers. */
export class ViaSurtPrefixedDecideRule extends PredicatedDecideRule<typeof viaSurtPrefixedDecideRuleComponent> {
  readonly #prefixes = new SurtPrefixSet();

  constructor(config: ConfigOf<typeof viaSurtPrefixedDecideRuleComponent>) {
    super(config);
    for (const entry of config.surtPrefixes) this.#prefixes.considerAsAddDirective(entry.trim().replace(/^\+/, ''));
  }

  protected evaluate(curi: CrawlUri): boolean {
    return curi.via !== undefined && this.#prefixes.size > 0 && this.#prefixes.coversUrl(curi.via);
  }
}
