import { stripMatch } from './canonicalization-rule.js';
import type { CanonicalizationRule, CanonicalizationRuleProps } from './canonicalization-rule.js';

/** Everything up to the last '@' before the path is userinfo; http, https, ftp and ftps only. */
const USERINFO = /^((?:https?|ftps?):\/\/)[^/]+@(.*)$/i;

/** Removes `user:password@` (Heritrix's StripUserinfoRule). */
export class StripUserinfoRule implements CanonicalizationRule {
  enabled: boolean;

  constructor(props: CanonicalizationRuleProps = {}) {
    this.enabled = props.enabled ?? true;
  }

  canonicalize(url: string): string {
    return stripMatch(url, USERINFO);
  }
}
