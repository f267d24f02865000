import type { CanonicalizationRule, CanonicalizationRuleProps } from './canonicalization-rule.js';

/** Lower-cases the whole URL, path and query included (Heritrix's LowercaseRule). */
export class LowercaseRule implements CanonicalizationRule {
  enabled: boolean;

  constructor(props: CanonicalizationRuleProps = {}) {
    this.enabled = props.enabled ?? true;
  }

  canonicalize(url: string): string {
    return url.toLowerCase();
  }
}
