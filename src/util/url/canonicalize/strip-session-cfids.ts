import { stripMatch } from './canonicalization-rule.js';
import type { CanonicalizationRule, CanonicalizationRuleProps } from './canonicalization-rule.js';

/** `CFID=…&CFTOKEN=…` (optionally followed by `jsession=…`), and the `&` after them. */
const COLDFUSION_SESSION = /^(.+)(?:cfid=[^&]+&cftoken=[^&]+(?:jsession=[^&]+)?)(?:&(.*))?$/i;

/** Strips ColdFusion session ids (Heritrix's StripSessionCFIDs). */
export class StripSessionCfids implements CanonicalizationRule {
  enabled: boolean;

  constructor(props: CanonicalizationRuleProps = {}) {
    this.enabled = props.enabled ?? true;
  }

  canonicalize(url: string): string {
    return stripMatch(url, COLDFUSION_SESSION);
  }
}
