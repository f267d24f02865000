import type { SwitchableCanonicalizationRule, SwitchableCanonicalizationRuleProps } from './switchable-canonicalization-rule.js';

/** Lower-cases the whole URL, path and query included (Heritrix's LowercaseRule). */
export class LowercaseRule implements SwitchableCanonicalizationRule {
  enabled: boolean;

  constructor(props: SwitchableCanonicalizationRuleProps = {}) {
    this.enabled = props.enabled ?? true;
  }

  canonicalize(url: string): string {
    return url.toLowerCase();
  }
}
