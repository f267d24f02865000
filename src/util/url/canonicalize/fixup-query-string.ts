import type { SwitchableCanonicalizationRule, SwitchableCanonicalizationRuleProps } from './switchable-canonicalization-rule.js';

/**
 * Tidies the query after the other rules (Heritrix's FixupQueryString), looking at the last '?':
 * a trailing `?` or `?&` goes, `?&x=y` becomes `?x=y`, and a trailing `&` goes.
 */
export class FixupQueryString implements SwitchableCanonicalizationRule {
  enabled: boolean;

  constructor(props: SwitchableCanonicalizationRuleProps = {}) {
    this.enabled = props.enabled ?? true;
  }

  canonicalize(url: string): string {
    const q = url.lastIndexOf('?');
    if (q <= 0) return url;
    if (q === url.length - 1) return url.slice(0, -1);
    if (url.charCodeAt(q + 1) === AMPERSAND) {
      return q + 2 === url.length ? url.slice(0, -2) : url.slice(0, q + 1) + url.slice(q + 2);
    }
    return url.endsWith('&') ? url.slice(0, -1) : url;
  }
}

const AMPERSAND = 0x26;
