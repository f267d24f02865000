import { isAsciiWhitespace } from './link-rel.js';

/**
 * The URLs of a `srcset` (WHATWG's "parse a srcset attribute", descriptors skipped):
 * `a.jpg 1x, b.jpg 2x` gives `a.jpg`, `b.jpg`. Commas inside a URL are kept; a URL's trailing
 * commas are not.
 */
export function parseSrcset(value: string): string[] {
  const urls: string[] = [];
  const n = value.length;
  let i = 0;
  while (i < n) {
    while (i < n && (isAsciiWhitespace(value.charCodeAt(i)) || value.charCodeAt(i) === COMMA)) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && !isAsciiWhitespace(value.charCodeAt(i))) i++;
    let end = i;
    if (value.charCodeAt(end - 1) === COMMA) {
      while (end > start && value.charCodeAt(end - 1) === COMMA) end--;
      if (end > start) urls.push(value.slice(start, end));
      continue;
    }
    urls.push(value.slice(start, end));
    i = skipDescriptors(value, i);
  }
  return urls;
}

/** Skips a candidate's descriptors up to and past the comma that ends it (commas in parentheses do not). */
function skipDescriptors(value: string, i: number): number {
  let inParens = false;
  for (; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === OPEN) inParens = true;
    else if (c === CLOSE) inParens = false;
    else if (c === COMMA && !inParens) return i + 1;
  }
  return i;
}

const COMMA = 0x2c;
const OPEN = 0x28;
const CLOSE = 0x29;
