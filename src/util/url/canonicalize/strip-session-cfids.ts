import { stripMatch } from './switchable-canonicalization-rule.js';
import type { SwitchableCanonicalizationRule, SwitchableCanonicalizationRuleProps } from './switchable-canonicalization-rule.js';

/** `CFID=…&CFTOKEN=…` (optionally followed by `jsession=…`), and the `&` after them. */
const COLDFUSION_SESSION = /^(.+)(?:cfid=[^&]+&cftoken=[^&]+(?:jsession=[^&]+)?)(?:&(.*))?$/i;

/** Strips ColdFusion session ids (Heritrix's StripSessionCFIDs). */
export class StripSessionCfids implements SwitchableCanonicalizationRule {
  enabled: boolean;

  constructor(props: SwitchableCanonicalizationRuleProps = {}) {
    this.enabled = props.enabled ?? true;
  }

  canonicalize(url: string): string {
    return stripMatch(url, COLDFUSION_SESSION);
  }
}
