import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CanonicalizationPolicy, CanonicalizationRule } from '../../model/uri-policies.js';
import { CanonicalKeyRules } from '../../util/url/canonicalize/canonical-key-rules.js';
import type { SwitchableCanonicalizationRule } from '../../util/url/canonicalize/switchable-canonicalization-rule.js';
import type { rulesCanonicalizationPolicyComponent } from './rules-canonicalization-policy.descriptor.js';

/** The bean: the URL library's rule runner, given the configured rules or, with none, Heritrix's defaults. */
export class RulesCanonicalizationPolicy extends CanonicalKeyRules implements CanonicalizationPolicy {
  constructor(readonly config: ConfigOf<typeof rulesCanonicalizationPolicyComponent>) {
    super({ rules: config.rules.length ? config.rules.map(switchable) : undefined });
  }
}

/** A rule from any bean: one without an `enabled` switch is always on. */
function switchable(rule: CanonicalizationRule): SwitchableCanonicalizationRule {
  const enabled = (rule as Partial<SwitchableCanonicalizationRule>).enabled;
  if (typeof enabled === 'boolean') return rule as SwitchableCanonicalizationRule;
  return { enabled: true, canonicalize: (url) => rule.canonicalize(url) };
}
