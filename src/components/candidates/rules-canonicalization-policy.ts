import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { CanonicalizationPolicy, CanonicalizationRule } from '../../model/uri-policies.js';
import { defaultRuleBeans } from './canonicalization-rule-beans.js';

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
  load: async (): Promise<ComponentClass> => RulesCanonicalizationPolicy,
});

/**
 * Heritrix's RulesCanonicalizationPolicy as a bean: the configured rules (with none, Heritrix's
 * six defaults) in order, each skipped where the URI's sheets switch it off.
 */
export class RulesCanonicalizationPolicy implements CanonicalizationPolicy {
  readonly #rules: readonly CanonicalizationRule[];

  constructor(config: ConfigOf<typeof rulesCanonicalizationPolicyComponent>) {
    this.#rules = config.rules.length ? config.rules : defaultRuleBeans();
  }

  canonicalKey(uri: string, curi: CrawlUri): string {
    let key = uri;
    for (const rule of this.#rules) if (rule.enabledFor === undefined || rule.enabledFor(curi)) key = rule.canonicalize(key);
    return key;
  }
}
