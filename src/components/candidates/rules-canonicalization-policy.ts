import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { CanonicalizationPolicy, CanonicalizationRule } from '../../model/uri-policies.js';
import { defaultRuleBeans } from './canonicalization-rule-beans.js';
import type { rulesCanonicalizationPolicyComponent } from './rules-canonicalization-policy.descriptor.js';

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
