import type { CanonicalizationRule } from './canonicalization-rule.js';
import { FixupQueryString } from './fixup-query-string.js';
import { LowercaseRule } from './lowercase-rule.js';
import { StripSessionCfids } from './strip-session-cfids.js';
import { StripSessionIds } from './strip-session-ids.js';
import { StripUserinfoRule } from './strip-userinfo-rule.js';
import { StripWwwnRule } from './strip-wwwn-rule.js';

export interface RulesCanonicalizationPolicyProps {
  /** Applied in order; defaults to Heritrix's six default rules. */
  rules?: CanonicalizationRule[];
}

/**
 * The uniqueness key of a URI ("seen before?"), made by running the enabled rules in order
 * (Heritrix's RulesCanonicalizationPolicy). The key is only for that test: the URI keeps its own
 * form everywhere else.
 */
export class RulesCanonicalizationPolicy {
  rules: CanonicalizationRule[];

  constructor(props: RulesCanonicalizationPolicyProps = {}) {
    this.rules = props.rules ?? RulesCanonicalizationPolicy.defaultRules();
  }

  /** Lowercase, StripUserinfo, StripWwwn, StripSessionIds, StripSessionCfids, FixupQueryString. */
  static defaultRules(): CanonicalizationRule[] {
    return [
      new LowercaseRule(),
      new StripUserinfoRule(),
      new StripWwwnRule(),
      new StripSessionIds(),
      new StripSessionCfids(),
      new FixupQueryString(),
    ];
  }

  canonicalKey(url: string): string {
    let key = url;
    for (const rule of this.rules) if (rule.enabled) key = rule.canonicalize(key);
    return key;
  }
}
