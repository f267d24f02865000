/** A regular expression that must match the whole string, as Java's `String.matches` does for Heritrix. */
export function fullMatchPattern(source: string): RegExp {
  return new RegExp(`^(?:${source})$`);
}
