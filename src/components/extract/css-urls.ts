import { drain, type ParseSteps } from './parse-budget.js';
import { MAX_URL_LENGTH } from './outlink-sink.js';

/** What can start something with a URL in it, or hide one: `url(`, `@import`, a comment, a string. */
const TOKENS = /url\(|@import|\/\*|["']/gi;

/**
 * Calls `found` with each URL a style sheet (or a style attribute) refers to, escapes undone:
 * `url(...)`, quoted or not, and `@import "..."` / `@import url(...)`, in document order.
 * Comments are skipped, and so are strings, except the one an `@import` names. Candidates longer
 * than MAX_URL_LENGTH, unterminated strings and malformed `url(` tokens are dropped.
 */
export function forEachCssUrl(css: string, found: (url: string) => void): void {
  drain(cssUrlSteps(css, found));
}

/** forEachCssUrl as steps (parse-budget.ts): a step is at most TOKENS_A_STEP tokens. */
export function* cssUrlSteps(css: string, found: (url: string) => void): ParseSteps {
  let pos = 0;
  let tokens = 0;
  for (;;) {
    // The regex is shared: its position is set before each search, as other steps may have used it since.
    TOKENS.lastIndex = pos;
    const m = TOKENS.exec(css);
    if (m === null) return;
    const at = m.index;
    const c = css.charCodeAt(at);
    if (c === SLASH) {
      const close = css.indexOf('*/', at + 2);
      pos = close < 0 ? css.length : close + 2;
    } else if (c === QUOTE || c === APOSTROPHE) {
      pos = readString(css, at).end;
    } else if (c === AT) {
      pos = readImport(css, at + 7, found);
    } else {
      pos = isNameChar(css.charCodeAt(at - 1)) ? at + 4 : readUrlFunction(css, at + 4, found);
    }
    if (++tokens === TOKENS_A_STEP) {
      tokens = 0;
      yield;
    }
  }
}

/** Tokens read between two yields: each costs at most a scan to the end of its line or comment. */
const TOKENS_A_STEP = 256;

/** After `@import`: a string or a `url(...)`; anything else names nothing. Returns where to go on. */
function readImport(css: string, from: number, found: (url: string) => void): number {
  const i = skipBlanks(css, from);
  const c = css.charCodeAt(i);
  if (c === QUOTE || c === APOSTROPHE) {
    const s = readString(css, i);
    if (s.value !== undefined) report(s.value, found);
    return s.end;
  }
  if (css.length - i >= 4 && css.slice(i, i + 4).toLowerCase() === 'url(') return readUrlFunction(css, i + 4, found);
  return i;
}

/** After `url(`: a quoted or bare URL, then `)` (a bare one ends at blanks, which only `)` may follow). Returns where to go on. */
function readUrlFunction(css: string, from: number, found: (url: string) => void): number {
  let i = skipBlanks(css, from);
  const c = css.charCodeAt(i);
  if (c === QUOTE || c === APOSTROPHE) {
    const s = readString(css, i);
    i = skipBlanks(css, s.end);
    if (s.value !== undefined && css.charCodeAt(i) === CLOSE) report(s.value, found);
    return s.end;
  }
  const start = i;
  for (; i < css.length && i - start <= MAX_URL_LENGTH; i++) {
    const ch = css.charCodeAt(i);
    if (ch === CLOSE || isBlank(ch)) {
      const end = skipBlanks(css, i);
      if (css.charCodeAt(end) !== CLOSE) return end;
      report(css.slice(start, i), found);
      return end + 1;
    }
    if (ch === BACKSLASH) i++;
    else if (ch === QUOTE || ch === APOSTROPHE || ch === OPEN) return i;
  }
  return i;
}

/** A string from its opening quote: its raw value (undefined if unterminated or too long) and the index after it. */
function readString(css: string, at: number): { value: string | undefined; end: number } {
  const quote = css.charCodeAt(at);
  for (let i = at + 1; i < css.length; i++) {
    const c = css.charCodeAt(i);
    if (c === quote) return { value: i - at - 1 <= MAX_URL_LENGTH ? css.slice(at + 1, i) : undefined, end: i + 1 };
    if (c === BACKSLASH) i++;
    else if (c === NEWLINE || c === CR || c === FF) return { value: undefined, end: i };
  }
  return { value: undefined, end: css.length };
}

function report(raw: string, found: (url: string) => void): void {
  const url = raw.indexOf('\\') < 0 ? raw : unescapeCss(raw);
  if (url.length > 0 && url.length <= MAX_URL_LENGTH) found(url);
}

/** CSS escapes: `\` and 1-6 hex digits (plus one blank) is a code point, `\` and a newline nothing, `\` and any other character that character. */
export function unescapeCss(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== BACKSLASH || i + 1 === s.length) {
      out += s[i];
      continue;
    }
    let j = i + 1;
    while (j < s.length && j < i + 7 && isHex(s.charCodeAt(j))) j++;
    if (j === i + 1) {
      const next = s.charCodeAt(j);
      if (next !== NEWLINE && next !== CR && next !== FF) out += s[j];
      i = j;
      continue;
    }
    const cp = parseInt(s.slice(i + 1, j), 16);
    out += cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? '\ufffd' : String.fromCodePoint(cp);
    i = isBlank(s.charCodeAt(j)) ? j : j - 1;
  }
  return out;
}

function skipBlanks(s: string, i: number): number {
  while (i < s.length && isBlank(s.charCodeAt(i))) i++;
  return i;
}

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === NEWLINE || c === CR || c === FF;
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** A character that may end an identifier: `url(` right after one is some other function (`myurl(`). */
function isNameChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x2d || c === 0x5f || c === BACKSLASH || c > 0x7f;
}

const SLASH = 0x2f;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const AT = 0x40;
const OPEN = 0x28;
const CLOSE = 0x29;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const CR = 0x0d;
const FF = 0x0c;
