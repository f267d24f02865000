import { isAsciiWhitespace } from './link-rel.js';

/**
 * The URL of a refresh (`<meta http-equiv="refresh" content="5; url=/next">` or a `Refresh`
 * header), by WHATWG's "shared declarative refresh steps": a time, then `;` or `,`, then an
 * optional `url=`, then the URL, quoted or not. Undefined when there is none (`content="30"`).
 */
export function metaRefreshUrl(content: string): string | undefined {
  const n = content.length;
  let i = skipWhitespace(content, 0);
  const timeStart = i;
  while (i < n && isDigitOrDot(content.charCodeAt(i))) i++;
  if (i === timeStart || i >= n) return undefined;
  const sep = content.charCodeAt(i);
  if (sep !== SEMICOLON && sep !== COMMA && !isAsciiWhitespace(sep)) return undefined;
  i = skipWhitespace(content, i);
  if (i < n && (content.charCodeAt(i) === SEMICOLON || content.charCodeAt(i) === COMMA)) i = skipWhitespace(content, i + 1);
  if (i >= n) return undefined;
  i = skipUrlEquals(content, i);
  const quote = content.charCodeAt(i);
  if (quote === DQUOTE || quote === SQUOTE) {
    const end = content.indexOf(content[i], i + 1);
    return content.slice(i + 1, end < 0 ? n : end);
  }
  return content.slice(i).trim();
}

/** Past `url` `=` (any case, blanks around `=`) when present; else where it was. */
function skipUrlEquals(s: string, i: number): number {
  if (s.length - i < 3 || s.slice(i, i + 3).toLowerCase() !== 'url') return i;
  const j = skipWhitespace(s, i + 3);
  return s.charCodeAt(j) === EQUALS ? skipWhitespace(s, j + 1) : i;
}

function skipWhitespace(s: string, i: number): number {
  while (i < s.length && isAsciiWhitespace(s.charCodeAt(i))) i++;
  return i;
}

function isDigitOrDot(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2e;
}

const SEMICOLON = 0x3b;
const COMMA = 0x2c;
const EQUALS = 0x3d;
const DQUOTE = 0x22;
const SQUOTE = 0x27;
