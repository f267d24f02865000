/** `Mozilla/5.0 (compatible; beancrawl/1.0 +http://…)`: the product named after `compatible;`. */
const COMPATIBLE = /^\s*mozilla\/\S*\s*\(\s*compatible\s*;\s*([A-Za-z_-]*)/i;
/** Otherwise the leading product name: letters, `_` and `-` (RFC 9309 §2.2.1). */
const LEADING = /^\s*([A-Za-z_-]*)/;

/**
 * The product token a crawler's user agent is matched by, lower-cased: `beancrawl` for both
 * `beancrawl/1.0` and `Mozilla/5.0 (compatible; beancrawl/1.0 +http://example.org/)`.
 */
export function robotsProductToken(userAgent: string): string {
  const match = COMPATIBLE.exec(userAgent) ?? LEADING.exec(userAgent);
  return (match?.[1] ?? '').toLowerCase();
}
