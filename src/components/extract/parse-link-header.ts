import { isAsciiWhitespace } from './link-rel.js';

/** One link of a `Link` header: its target as written and its `rel` ('' when absent). */
export interface HeaderLink {
  readonly url: string;
  readonly rel: string;
}

/**
 * The links of a `Link` header (RFC 8288), several headers joined with ", " allowed:
 * `<https://a/s.css>; rel=stylesheet, </next>; rel="next"`. Commas inside `<…>` and quoted
 * parameters do not split; a part without `<…>` is skipped.
 */
export function parseLinkHeader(value: string): HeaderLink[] {
  const links: HeaderLink[] = [];
  const n = value.length;
  let i = 0;
  while (i < n) {
    while (i < n && (isAsciiWhitespace(value.charCodeAt(i)) || value.charCodeAt(i) === COMMA)) i++;
    if (i >= n) break;
    if (value.charCodeAt(i) !== LT) {
      i = skipParams(value, i, undefined);
      continue;
    }
    const close = value.indexOf('>', i + 1);
    if (close < 0) break;
    const url = value.slice(i + 1, close).trim();
    const params: { rel?: string } = {};
    i = skipParams(value, close + 1, params);
    links.push({ url, rel: params.rel ?? '' });
  }
  return links;
}

/** Reads `; name=value` parameters up to the comma that ends the link (recording the first `rel`); returns the index past it. */
function skipParams(s: string, i: number, params: { rel?: string } | undefined): number {
  const n = s.length;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c === COMMA) return i + 1;
    if (c !== SEMICOLON) {
      i++;
      continue;
    }
    const eq = indexOfEither(s, i + 1, EQUALS);
    const name = s.slice(i + 1, eq).trim().toLowerCase();
    if (eq >= n || s.charCodeAt(eq) !== EQUALS) {
      i = eq;
      continue;
    }
    const [text, next] = readParamValue(s, eq + 1);
    if (params && name === 'rel' && params.rel === undefined) params.rel = text;
    i = next;
  }
  return i;
}

/** The first `=`, `;` or `,` from `i` (that wanted one or a boundary), or the end. */
function indexOfEither(s: string, i: number, wanted: number): number {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c === wanted || c === SEMICOLON || c === COMMA) return i;
    i++;
  }
  return i;
}

/** A parameter value, quoted (with `\` escapes) or a token; and the index after it. */
function readParamValue(s: string, i: number): [string, number] {
  while (i < s.length && isAsciiWhitespace(s.charCodeAt(i))) i++;
  if (s.charCodeAt(i) !== DQUOTE) {
    const end = indexOfEither(s, i, SEMICOLON);
    return [s.slice(i, end).trim(), end];
  }
  let text = '';
  for (i++; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === DQUOTE) return [text, i + 1];
    if (c === BACKSLASH && i + 1 < s.length) i++;
    text += s[i];
  }
  return [text, i];
}

const COMMA = 0x2c;
const SEMICOLON = 0x3b;
const EQUALS = 0x3d;
const LT = 0x3c;
const DQUOTE = 0x22;
const BACKSLASH = 0x5c;
