import { FixupQueryString } from './fixup-query-string.js';
import { LowercaseRule } from './lowercase-rule.js';
import { StripSessionCfids } from './strip-session-cfids.js';
import { StripSessionIds } from './strip-session-ids.js';
import { StripUserinfoRule } from './strip-userinfo-rule.js';
import { StripWwwnRule } from './strip-wwwn-rule.js';
import type { SwitchableCanonicalizationRule } from './switchable-canonicalization-rule.js';

export interface CanonicalKeyRulesProps {
  /** Applied in order; defaults to Heritrix's six default rules. */
  rules?: SwitchableCanonicalizationRule[];
}

/**
 * The uniqueness key of a URI ("seen before?"), made by running the enabled rules in order
 * (Heritrix's RulesCanonicalizationPolicy). The key is only for that test: the URI keeps its own
 * form everywhere else.
 */
export class CanonicalKeyRules {
  rules: SwitchableCanonicalizationRule[];

  constructor(props: CanonicalKeyRulesProps = {}) {
    this.rules = props.rules ?? CanonicalKeyRules.defaultRules();
  }

  /** Lowercase, StripUserinfo, StripWwwn, StripSessionIds, StripSessionCfids, FixupQueryString. */
  static defaultRules(): SwitchableCanonicalizationRule[] {
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
