import { Hop } from '../../model/hop.js';
import { jsStringSteps, nextToken, previousToken } from './js-strings.js';
import { isLikelyJsUrl, unescapeJs } from './likely-js-url.js';
import { LinkContext } from './link-context.js';
import type { OutlinkSink } from './outlink-sink.js';
import type { ParseSteps } from './parse-budget.js';

/** String methods whose arguments are patterns to look for, not addresses (`location.pathname.endsWith("/help.html")`). */
const PATTERN_METHODS = new Set(['endsWith', 'startsWith', 'indexOf', 'lastIndexOf', 'includes', 'match', 'matchAll', 'replace', 'replaceAll', 'split', 'search']);

/**
 * Adds the string literals of JavaScript that are very likely URLs (absolute http(s) URLs and
 * root-relative paths, isLikelyJsUrl) to `sink` as Heritrix's speculative links: hop X,
 * context `=JS_MISC`, resolved against `base`. A literal joined to others with `+` is a piece
 * of a URL built at run time (`root + "/index.html"`), and one passed to a string search
 * method a pattern: neither is taken. As steps (parse-budget.ts), for scripts of any length.
 */
export function jsLinkSteps(sink: OutlinkSink, js: string, base: string): ParseSteps {
  return jsStringSteps(js, (raw, start, end) => {
    const c = raw.charCodeAt(0);
    if (c !== 0x2f && c !== 0x68 && c !== 0x48 && c !== 0x5c) return;
    const value = raw.indexOf('\\') < 0 ? raw : unescapeJs(raw);
    if (!isLikelyJsUrl(value) || isConcatenated(js, start, end) || isPatternArgument(js, start)) return;
    sink.add(value, base, Hop.SPECULATIVE, LinkContext.JS_MISC);
  });
}

function isConcatenated(js: string, start: number, end: number): boolean {
  return previousToken(js, start) === PLUS || nextToken(js, end) === PLUS;
}

/** The literal is the first argument of a call to one of PATTERN_METHODS. */
function isPatternArgument(js: string, start: number): boolean {
  let i = start - 1;
  while (i >= 0 && isBlank(js.charCodeAt(i))) i--;
  if (js.charCodeAt(i) !== OPEN_PAREN) return false;
  i--;
  while (i >= 0 && isBlank(js.charCodeAt(i))) i--;
  const nameEnd = i + 1;
  while (i >= 0 && isIdentifierChar(js.charCodeAt(i))) i--;
  return nameEnd - i > 1 && PATTERN_METHODS.has(js.slice(i + 1, nameEnd));
}

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function isIdentifierChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x24;
}

const PLUS = 0x2b;
const OPEN_PAREN = 0x28;
