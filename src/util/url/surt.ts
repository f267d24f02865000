/**
 * Sort-friendly URI Reordering Transform, written exactly as Heritrix's `SURT.fromURI` writes it:
 * `scheme://(reversed,host,labels,:port@userinfo)/path?query#fragment`, all lower-cased.
 *
 * The string is transformed as given, never normalised: an empty path stays empty, a fragment and
 * a default port are kept. A string that does not start with `word-characters://`, or that holds
 * whitespace, is returned unchanged (Heritrix's splitter regex does not match it).
 */
export function surt(url: string): string {
  const parts = splitAuthorityUri(url);
  if (!parts) return url;
  const { scheme, userinfo, host, port, path } = parts;
  const authority = DOTTED_QUAD.test(host) ? host : reverseHost(host);
  const login = userinfo === undefined ? '' : '@' + userinfo;
  const result = scheme + '(' + authority + port + login + ')' + path;
  return NOT_ASCII.test(url) ? lowerCaseCharWise(result) : result.toLowerCase();
}

interface AuthorityUriParts {
  scheme: string; // with its '://'
  userinfo: string | undefined;
  host: string;
  port: string; // with its ':' or empty
  path: string; // everything after the port, starting with '/' or empty
}

const DOTTED_QUAD = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
const NOT_ASCII = /[^\x00-\x7f]/;

/**
 * The groups Heritrix's URI_SPLITTER regex would capture, found by a linear scan:
 * `^(\w+://)(?:([-\w.!~*'()%;:&=+$,]+?)(@))?(?:(dotted-quad)|(\S+?))(:\d+)?(/\S*)?$`.
 */
function splitAuthorityUri(s: string): AuthorityUriParts | undefined {
  let i = 0;
  while (i < s.length && isWordChar(s.charCodeAt(i))) i++;
  if (i === 0 || !s.startsWith('://', i)) return undefined;
  const start = i + 3;
  if (start >= s.length || hasJavaWhitespace(s, start)) return undefined;
  const at = userinfoEnd(s, start);
  const hostStart = at < 0 ? start : at + 1;
  const hostEnd = hostEndOf(s, hostStart);
  const portEnd = s.charCodeAt(hostEnd) === COLON ? digitsEnd(s, hostEnd + 1) : hostEnd;
  return {
    scheme: s.slice(0, start),
    userinfo: at < 0 ? undefined : s.slice(start, at),
    host: s.slice(hostStart, hostEnd),
    port: s.slice(hostEnd, portEnd),
    path: s.slice(portEnd),
  };
}

/** Index of the '@' ending a userinfo that starts at `start`, or -1 when there is none. */
function userinfoEnd(s: string, start: number): number {
  let i = start;
  while (i < s.length && isUserinfoChar(s.charCodeAt(i))) i++;
  const found = i > start && s.charCodeAt(i) === AT && i + 1 < s.length;
  return found ? i : -1;
}

/** The shortest non-empty host after which the rest reads as `(:\d+)?(/.*)?` to the end. */
function hostEndOf(s: string, hostStart: number): number {
  for (let p = hostStart + 1; p < s.length; p++) {
    const c = s.charCodeAt(p);
    if (c === SLASH) return p;
    if (c === COLON) {
      const end = digitsEnd(s, p + 1);
      if (end > p + 1 && (end === s.length || s.charCodeAt(end) === SLASH)) return p;
    }
  }
  return s.length;
}

function digitsEnd(s: string, from: number): number {
  let i = from;
  while (i < s.length && isDigit(s.charCodeAt(i))) i++;
  return i;
}

/** `www.archive.org` → `org,archive,www,` (Heritrix's loop, including its handling of stray dots). */
function reverseHost(host: string): string {
  let out = '';
  let segmentEnd = host.length;
  for (let i = host.length - 1; i >= 0; i--) {
    if (i > 0 && host.charCodeAt(i - 1) !== DOT) continue;
    out += host.slice(i, segmentEnd) + ',';
    segmentEnd = i - 1;
  }
  return out;
}

/** Java's per-`char` `Character.toLowerCase`, which differs from `toLowerCase()` on a few non-ASCII letters. */
function lowerCaseCharWise(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const lower = c === CAPITAL_I_WITH_DOT ? 'i' : String.fromCharCode(c).toLowerCase();
    out += lower.length === 1 ? lower : String.fromCharCode(c);
  }
  return out;
}

function hasJavaWhitespace(s: string, from: number): boolean {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) return true;
  }
  return false;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isWordChar(c: number): boolean {
  return c < 0x80 && (CHAR_CLASS[c]! & WORD) !== 0;
}

function isUserinfoChar(c: number): boolean {
  return c < 0x80 && (CHAR_CLASS[c]! & USERINFO) !== 0;
}

const WORD = 1; // Java's \w
const USERINFO = 2; // RFC 2396 userinfo characters as Heritrix lists them: [-\w.!~*'()%;:&=+$,]
const CHAR_CLASS = new Uint8Array(128).map((_, code) => {
  const ch = String.fromCharCode(code);
  const word = /\w/.test(ch);
  return (word ? WORD : 0) | (word || "-.!~*'()%;:&=+$,".includes(ch) ? USERINFO : 0);
});
const DOT = 0x2e;
const COLON = 0x3a;
const SLASH = 0x2f;
const AT = 0x40;
const CAPITAL_I_WITH_DOT = 0x130;
