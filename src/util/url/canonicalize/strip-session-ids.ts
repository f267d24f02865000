import { stripMatch } from './switchable-canonicalization-rule.js';
import type { SwitchableCanonicalizationRule, SwitchableCanonicalizationRuleProps } from './switchable-canonicalization-rule.js';

/** `jsessionid=` or `phpsessid=` with 32 letters or digits, e.g. `jsessionid=999A9EF028317A82AC83F0FDFE59385A`. */
const JAVA_OR_PHP_SESSION = /^(.+)(?:jsessionid|phpsessid)=[0-9a-zA-Z]{32}(?:&(.*))?$/i;
/** `sid=` with 32 letters or digits; runs after the above, since `sid` ends `phpsessid`. */
const SID = /^(.+)sid=[0-9a-zA-Z]{32}(?:&(.*))?$/i;
/** `ASPSESSIONIDAQBSDSRT=EOHBLBDDPFCLHKPGGKLILNAM`: 8 letters, then 24. */
const ASP_SESSION = /^(.+)ASPSESSIONID[a-zA-Z]{8}=[a-zA-Z]{24}(?:&(.*))?$/i;

/**
 * Strips one well-known session id of each kind, with the `&` that follows it (Heritrix's
 * StripSessionIDs): `?jsessionid=<32>&x=y` → `?x=y`, `?a=b&jsessionid=<32>` → `?a=b&`.
 * The last occurrence is the one stripped, as the greedy `(.+)` makes it in Heritrix.
 */
export class StripSessionIds implements SwitchableCanonicalizationRule {
  enabled: boolean;

  constructor(props: SwitchableCanonicalizationRuleProps = {}) {
    this.enabled = props.enabled ?? true;
  }

  canonicalize(url: string): string {
    const once = stripMatch(url, JAVA_OR_PHP_SESSION);
    return stripMatch(stripMatch(once, SID), ASP_SESSION);
  }
}
