import { MAX_URL_LENGTH } from './outlink-sink.js';

/** An absolute http(s) URL with a dotted host name or IPv4 address, and nothing a URL cannot hold raw. */
const ABSOLUTE = /^https?:\/\/(?:[A-Za-z0-9-]+\.)+[A-Za-z0-9-]+(?::\d{1,5})?(?:[/?#][^\s"'<>\\^`{|}]*)?$/i;

/**
 * A root-relative path: one `/`, then letters, digits and URL punctuation only. Characters code
 * and patterns use but paths rarely do (`*`, `(`, `)`, `$`, `!`, `'`, `{`, `\`, blanks) rule a
 * string out, and so does a second `/` at the start (protocol-relative or a comment).
 */
const ROOT_RELATIVE = /^\/[A-Za-z0-9_.~%-][A-Za-z0-9_.~%\-/?#&=+:@;,]*$/;

/** First path segments of Unix file paths, which bundled code is full of (`/dev/null`, `/usr/bin/env`). */
const FILE_SYSTEM_DIRS = new Set(['bin', 'dev', 'etc', 'proc', 'sbin', 'sys', 'tmp', 'usr']);

/**
 * Whether a string found in JavaScript is very likely a URL worth fetching: an absolute http(s)
 * URL or a root-relative path (not a Unix file path), at most MAX_URL_LENGTH long. Relative paths (`text/javascript`,
 * `img/x.png`, `a/b`) never are: they are what made Heritrix's speculative extraction request
 * junk (heritrix3 #232, #225, #595, #602).
 */
export function isLikelyJsUrl(s: string): boolean {
  if (s.length < 2 || s.length > MAX_URL_LENGTH) return false;
  const c = s.charCodeAt(0);
  if (c === SLASH) return ROOT_RELATIVE.test(s) && !isFileSystemPath(s);
  return (c === 0x68 || c === 0x48) && ABSOLUTE.test(s);
}

/** JavaScript escapes in a string literal undone (`\/`, `\u002F`, `\u{2F}`, `\x2F`, `\n`, ...); malformed ones are left as written. */
export function unescapeJs(raw: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c !== '\\' || i + 1 === raw.length) {
      out += c;
      continue;
    }
    const e = raw[++i];
    const hex = e === 'x' ? raw.slice(i + 1, i + 3) : e === 'u' ? unicodeDigits(raw, i + 1) : '';
    if (hex !== '' && HEX.test(hex) && parseInt(hex, 16) <= 0x10ffff) {
      out += String.fromCodePoint(parseInt(hex, 16));
      i += e === 'x' ? 2 : raw[i + 1] === '{' ? hex.length + 2 : 4;
    } else {
      out += SIMPLE_ESCAPES[e] ?? (e === '\n' || e === '\r' ? '' : e);
    }
  }
  return out;
}

/** The hex digits of a `\u` escape: four, or those in braces. */
function unicodeDigits(raw: string, at: number): string {
  if (raw[at] !== '{') return raw.slice(at, at + 4).length === 4 ? raw.slice(at, at + 4) : '';
  const close = raw.indexOf('}', at);
  return close < 0 || close - at > 7 ? '' : raw.slice(at + 1, close);
}

const HEX = /^[0-9a-fA-F]+$/;
const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0' };
const SLASH = 0x2f;

function isFileSystemPath(path: string): boolean {
  const slash = path.indexOf('/', 1);
  return slash > 0 && FILE_SYSTEM_DIRS.has(path.slice(1, slash));
}
