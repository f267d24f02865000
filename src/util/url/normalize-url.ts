import { CRAWLABLE_SCHEMES } from './crawlable-schemes.js';

/** A scheme longer than every crawlable one is not crawlable: no need to read it whole. */
const LONGEST_SCHEME = Math.max(...[...CRAWLABLE_SCHEMES].map((s) => s.length));

/**
 * The crawler's form of a link: WHATWG's serialisation of `new URL(href, base)` with the fragment
 * and one trailing dot of the host removed (as Heritrix's UURI does), and nothing else: path case,
 * query order, percent-escapes and an empty `?` are kept.
 *
 * Returns null for unparsable input and for schemes that are not crawlable (CRAWLABLE_SCHEMES: `javascript:`,
 * `mailto:`, `data:` … are not). Runs on every extracted link, so an explicit foreign
 * scheme is refused before any parsing.
 */
export function normalizeUrl(href: string, base?: string | URL): string | null {
  if (hasUncrawlableScheme(href)) return null;
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  return CRAWLABLE_SCHEMES.has(url.protocol.slice(0, -1)) ? serializeUrl(url) : null;
}

/** WHATWG serialisation without the fragment and without one trailing dot of the host; any scheme. */
export function serializeUrl(url: URL): string {
  let href = url.href;
  const host = url.hostname;
  if (host.length > 1 && host.endsWith('.')) {
    const copy = new URL(href);
    copy.hostname = host.slice(0, -1);
    href = copy.href;
  }
  const hash = href.indexOf('#');
  return hash < 0 ? href : href.slice(0, hash);
}

/**
 * True when `href` opens with an explicit scheme that is not crawlable (CRAWLABLE_SCHEMES). Input with leading
 * blanks or embedded tabs is left to the full parser (WHATWG strips those before reading a scheme).
 */
function hasUncrawlableScheme(href: string): boolean {
  if (!isAlpha(href.charCodeAt(0))) return false;
  let i = 1;
  for (; i < href.length; i++) {
    const c = href.charCodeAt(i);
    if (c === COLON) break;
    if (!isAlpha(c) && !isDigit(c) && c !== PLUS && c !== MINUS && c !== DOT) return false;
  }
  if (i === href.length || i > LONGEST_SCHEME) return i < href.length;
  const scheme = href.slice(0, i).toLowerCase();
  return !CRAWLABLE_SCHEMES.has(scheme);
}

function isAlpha(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

const COLON = 0x3a;
const PLUS = 0x2b;
const MINUS = 0x2d;
const DOT = 0x2e;
