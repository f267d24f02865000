/**
 * The form in which robots.txt patterns and URL paths are compared (RFC 9309 §2.2.2): non-ASCII
 * characters become UTF-8 percent-escapes, `%xx` escapes of unreserved characters
 * (`A-Z a-z 0-9 - . _ ~`) are decoded, other escapes get upper-case hex, and the few ASCII
 * characters a URL serializer escapes (controls, space, `" < > \` { }`) are escaped, as are `*` and `$`,
 * which a pattern can only match literally as `%2A` and `%24` (RFC 9309 §2.2.3). Applied to paths
 * and to pattern text between wildcards, so `/ツ`, `/%E3%83%84` and `/%e3%83%84` compare equal, and
 * `/%62az` equals `/baz`.
 */
export function robotsMatchForm(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === PERCENT || c >= 0x7f || ESCAPED_ASCII[c]) return rewrite(s, i);
  }
  return s;
}

function rewrite(s: string, from: number): string {
  let out = s.slice(0, from);
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === PERCENT && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2))) {
      const byte = parseInt(s.slice(i + 1, i + 3), 16);
      out += UNRESERVED[byte] ? String.fromCharCode(byte) : '%' + s.slice(i + 1, i + 3).toUpperCase();
      i += 2;
    } else if (c < 0x7f && !ESCAPED_ASCII[c]) {
      out += s[i];
    } else {
      const cp = s.codePointAt(i)!;
      if (cp > 0xffff) i++;
      out += percentEncodeUtf8(cp);
    }
  }
  return out;
}

const encoder = new TextEncoder();

function percentEncodeUtf8(codePoint: number): string {
  let out = '';
  for (const byte of encoder.encode(String.fromCodePoint(codePoint))) out += HEX_BYTE[byte];
  return out;
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

const PERCENT = 0x25;
const HEX_BYTE = Array.from({ length: 256 }, (_, b) => '%' + b.toString(16).toUpperCase().padStart(2, '0'));
const UNRESERVED = charTable((c) => /[A-Za-z0-9\-._~]/.test(c));
const ESCAPED_ASCII = charTable((c) => c <= ' ' || '"<>`{}*$'.includes(c));

function charTable(test: (c: string) => boolean): boolean[] {
  return Array.from({ length: 128 }, (_, code) => test(String.fromCharCode(code)));
}
