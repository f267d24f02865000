import { stripMatch } from './switchable-canonicalization-rule.js';
import type { SwitchableCanonicalizationRule, SwitchableCanonicalizationRuleProps } from './switchable-canonicalization-rule.js';

/** `www.`, `www1.`, `www001.` … on http(s) URLs that have something after the slash following the host. */
const WWWN = /^(https?:\/\/)www[0-9]*\.([^/]*\/.+)$/i;

/**
 * Strips a leading `www` or `wwwN` host label (Heritrix's StripWWWNRule). Root pages
 * (`http://www.example.org/`) keep it: a site reachable under only one of the two names is not lost.
 */
export class StripWwwnRule implements SwitchableCanonicalizationRule {
  enabled: boolean;

  constructor(props: SwitchableCanonicalizationRuleProps = {}) {
    this.enabled = props.enabled ?? true;
  }

  canonicalize(url: string): string {
    return stripMatch(url, WWWN);
  }
}
