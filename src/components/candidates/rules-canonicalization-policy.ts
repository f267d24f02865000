import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CanonicalizationPolicy, CanonicalizationRule } from '../../model/uri-policies.js';
import type { CanonicalizationRule as SwitchableRule } from '../../util/url/canonicalize/canonicalization-rule.js';
import { RulesCanonicalizationPolicy as RulesPolicy } from '../../util/url/canonicalize/rules-canonicalization-policy.js';
import type { rulesCanonicalizationPolicyComponent } from './rules-canonicalization-policy.descriptor.js';

/** The bean: the URL library's rule runner, given the configured rules or, with none, Heritrix's defaults. */
export class RulesCanonicalizationPolicy extends RulesPolicy implements CanonicalizationPolicy {
  constructor(readonly config: ConfigOf<typeof rulesCanonicalizationPolicyComponent>) {
    super({ rules: config.rules.length ? config.rules.map(switchable) : undefined });
  }
}

/** A rule from any bean: one without an `enabled` switch is always on. */
function switchable(rule: CanonicalizationRule): SwitchableRule {
  const enabled = (rule as Partial<SwitchableRule>).enabled;
  if (typeof enabled === 'boolean') return rule as SwitchableRule;
  return { enabled: true, canonicalize: (url) => rule.canonicalize(url) };
}
