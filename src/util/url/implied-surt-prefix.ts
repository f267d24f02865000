import { serializeUrl } from './normalize-url.js';
import { surt } from './surt.js';

/**
 * The SURT prefix a seed (a URL, or a bare host or host/path) implies for scope, as Heritrix's
 * `SurtPrefixSet.prefixFromPlainForceHttp` derives it:
 * `http://example.org/a/b.html` → `http://(org,example,)/a/`; `example.org` → `http://(org,example,`
 * (no path: open to subdomains); `https` is written as `http`.
 */
export function impliedSurtPrefix(seed: string): string {
  return coerceHttpsToHttp(asSurtPrefix(surtFromPlain(seed)));
}

/**
 * The SURT of a plain URI or host after UURI-style fixup, except that fixup may not add a trailing
 * slash the input lacked (its absence is what opens a host to its subdomains).
 */
export function surtFromPlain(plain: string): string {
  const withScheme = addImpliedHttp(plain);
  let fixed = URL.canParse(withScheme) ? serializeUrl(new URL(withScheme)) : withScheme;
  if (!withScheme.endsWith('/') && fixed.endsWith('/')) fixed = fixed.slice(0, -1);
  return surt(fixed);
}

/** Heritrix's test for a missing scheme: no ':' at all, or a '.' before the first ':'. */
export function addImpliedHttp(plain: string): string {
  const colon = plain.indexOf(':');
  const period = plain.indexOf('.');
  const noScheme = colon < 0 || (period >= 0 && period < colon);
  return noScheme ? 'http://' + plain : plain;
}

/**
 * Truncates a full SURT to the prefix it implies: everything after the last '/' goes (when a '/'
 * follows the '//'); then, if no path remains, the closing ')' goes too.
 */
export function asSurtPrefix(fullSurt: string): string {
  let s = fullSurt;
  const doubleSlash = s.indexOf('//');
  const lastSlash = s.lastIndexOf('/');
  if (doubleSlash >= 0 && lastSlash > doubleSlash + 1) s = s.slice(0, lastSlash + 1);
  if (!s.endsWith('/')) {
    const close = s.lastIndexOf(')');
    if (close >= 0) s = s.slice(0, close) + s.slice(close + 1);
  }
  return s;
}

/** Scope comparisons treat `https://` as `http://`, for candidates and prefixes alike. */
export function coerceHttpsToHttp(s: string): string {
  return s.startsWith('https://') ? 'http' + s.slice(5) : s;
}
