/** One step of Heritrix's uniqueness-key canonicalization, with its on/off switch (Heritrix's BaseRule). */
export interface SwitchableCanonicalizationRule {
  /** A disabled rule is skipped by CanonicalKeyRules. */
  enabled: boolean;
  canonicalize(url: string): string;
}

/** Constructor properties every rule accepts. */
export interface SwitchableCanonicalizationRuleProps {
  enabled?: boolean;
}

/**
 * Heritrix's `doStripRegexMatch`: when `pattern` (anchored at both ends) matches, the result is
 * group 1 followed by group 2; otherwise the URL is unchanged.
 */
export function stripMatch(url: string, pattern: RegExp): string {
  const m = pattern.exec(url);
  return m ? (m[1] ?? '') + (m[2] ?? '') : url;
}
