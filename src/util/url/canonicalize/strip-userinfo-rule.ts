import { stripMatch } from './switchable-canonicalization-rule.js';
import type { SwitchableCanonicalizationRule, SwitchableCanonicalizationRuleProps } from './switchable-canonicalization-rule.js';

/** Everything up to the last '@' before the path is userinfo; http, https, ftp and ftps only. */
const USERINFO = /^((?:https?|ftps?):\/\/)[^/]+@(.*)$/i;

/** Removes `user:password@` (Heritrix's StripUserinfoRule). */
export class StripUserinfoRule implements SwitchableCanonicalizationRule {
  enabled: boolean;

  constructor(props: SwitchableCanonicalizationRuleProps = {}) {
    this.enabled = props.enabled ?? true;
  }

  canonicalize(url: string): string {
    return stripMatch(url, USERINFO);
  }
}
