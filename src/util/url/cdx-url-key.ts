import { domainToASCII } from 'node:url';

/*
 * The key wayback tools sort and look captures up by: the Python `surt` package's `surt(url)` with
 * its defaults, which pywb's indexer (`wb-manager add`, `cdx-indexer`) and cdxj-indexer write and
 * pywb computes again for each lookup. The package is a port of archive-commons'
 * WaybackURLKeyMaker: Google's canonicalizer (no fragment; host, path and query unescaped then
 * escaped once; dotted and bare-number IP forms made dotted quads; `.` and `..` resolved), then the
 * Internet Archive's (lower case; `www.`, `www2.`… dropped; user and password dropped; default
 * port dropped; session ids dropped from path and query; a trailing `/` dropped unless the path is
 * just `/`; query arguments sorted), then SURT form without the scheme: host labels reversed and
 * joined by commas (IP addresses too), `)`, path, query. Bytes are handled as the Python code
 * handles them: a URL is its UTF-8 bytes, held here in a latin1 string.
 */

/** The key of a URL: `http://www.Example.org:8080/A/?b=1&a=2#x` → `org,example:8080)/a?a=2&b=1`. */
export function cdxUrlKey(url: string): string {
  if (!url) return '-';
  if (url.startsWith('filedesc')) return url;
  const parts = splitUrl(massageInput(Buffer.from(url, 'utf8').toString('latin1')));
  googleCanonical(parts);
  iaCanonical(parts);
  return Buffer.from(surtForm(parts), 'latin1').toString('utf8');
}

interface UrlParts {
  scheme: string;
  host?: string;
  port?: number;
  path?: string;
  query?: string;
  /** `?` when the URL ended with an empty query. */
  lastDelimiter?: string;
}

/** Whitespace off both ends, tabs and line breaks anywhere removed, `http://` added when no scheme, `http://http://` made one. */
function massageInput(url: string): string {
  let s = url.replace(/^[\s\x0b\x0c]+|[\s\x0b\x0c]+$/g, '').replace(/[\n\r\t]/g, '');
  if (!/^[a-zA-Z][a-zA-Z0-9+\-.]*:/.test(s)) s = `http://${s}`;
  return s.replace(/^(https?:\/\/)+/, (_m, one: string) => one);
}

const RFC2396 = /^(([a-zA-Z][a-zA-Z0-9+.-]*):)?((\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?)?(#(.*))?$/s;

/** The URL's parts as Python's urlsplit gives them (hostname lower-cased, without user or brackets). */
function splitUrl(url: string): UrlParts {
  const m = RFC2396.exec(url)!;
  const scheme = m[2] ?? '';
  const netloc = (m[5] ?? '').replace(/:+$/, '');
  let path = m[6] || undefined;
  const hostPort = netloc.slice(netloc.lastIndexOf('@') + 1);
  let host: string | undefined;
  let portText = '';
  const bracketed = /^\[([^\]]*)\](?::(.*))?$/.exec(hostPort);
  if (bracketed) [host, portText] = [bracketed[1], bracketed[2] ?? ''];
  else {
    const colon = hostPort.indexOf(':');
    [host, portText] = colon === -1 ? [hostPort, ''] : [hostPort.slice(0, colon), hostPort.slice(colon + 1)];
  }
  host = host ? host.toLowerCase() : undefined;
  const port = /^\d+$/.test(portText) && Number(portText) > 0 ? Number(portText) : undefined;
  if (scheme.startsWith('http') && host === undefined && path !== undefined) {
    const rest = path.replace(/^\/+/, '');
    const slash = rest.indexOf('/');
    host = slash === -1 ? rest : rest.slice(0, slash);
    path = `/${slash === -1 ? '' : rest.slice(slash + 1)}`;
  }
  const query = m[8] || undefined;
  return { scheme, host, port, path, query, lastDelimiter: url.endsWith('?') && query === undefined ? '?' : undefined };
}

function googleCanonical(u: UrlParts): void {
  if (u.query) u.query = escapeOnce(unescapeRepeatedly(u.query));
  if (u.host) {
    let host = unescapeRepeatedly(u.host);
    if (/[^\x00-\x7f]/.test(host)) host = domainToASCII(Buffer.from(host, 'latin1').toString('utf8')) || host;
    host = host.replaceAll('..', '.').replace(/^\.+|\.+$/g, '');
    u.host = dottedQuad(host) ?? escapeOnce(host.toLowerCase());
  }
  const path = u.path === undefined ? undefined : unescapeRepeatedly(u.path);
  u.path = escapeOnce(u.host ? normalizePath(path) : path);
}

function iaCanonical(u: UrlParts): void {
  if (u.host) u.host = u.host.toLowerCase();
  if (u.host && u.scheme !== 'dns') u.host = u.host.replace(/^www\d*\./, '');
  const scheme = u.scheme.toLowerCase();
  if (u.port === (scheme === 'http' ? 80 : scheme === 'https' ? 443 : 0)) u.port = undefined;
  if (u.path) {
    let path = stripPathSessionId(u.path.toLowerCase());
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    u.path = path;
  }
  if (u.query) {
    const query = sortQuery(stripQuerySessionId(u.query).toLowerCase());
    u.query = query || undefined;
  } else u.lastDelimiter = undefined;
}

function surtForm(u: UrlParts): string {
  let s = '';
  if (!u.host) s = `${u.scheme}:`;
  else s = `${u.host.split('.').reverse().join(',')}${u.port !== undefined ? `:${u.port}` : ''})`;
  if (u.path) s += u.path;
  else if (u.query !== undefined) s += '/';
  if (u.query !== undefined) s += `?${u.query}`;
  return s + (u.lastDelimiter ?? '');
}

/** `/a/./b/../c` → `/a/c`; empty segments dropped but a trailing `/` kept; no path → `/`. */
function normalizePath(path: string | undefined): string {
  if (!path) return '/';
  const kept: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    if (segment === '.') continue;
    if (segment === '..' && kept.length) kept.pop();
    else kept.push(segment);
  }
  let out = '/';
  for (let i = 0; i < kept.length - 1; i++) if (kept[i]) out += `${kept[i]}/`;
  return kept.length ? out + kept[kept.length - 1] : out;
}

/** A host in one of the IPv4 forms (one number, or dotted parts in decimal, octal or hex as inet_aton reads them) as a dotted quad. */
function dottedQuad(host: string): string | undefined {
  if (/^\d+$/.test(host)) return quad(Number(BigInt(host) & 0xffffffffn));
  if (!/^[1-9]\d*(\.\d+)?(\.\d+)?(\.\d+)?$/.test(host) && !/^0[0-7]*(\.[0-7]+)?(\.[0-7]+)?(\.[0-7]+)?$/.test(host)) return undefined;
  const parts = host.split('.').map((p) => (/^0x[0-9a-f]+$/i.test(p) ? parseInt(p, 16) : /^0[0-7]*$/.test(p) ? parseInt(p, 8) : /^[1-9]\d*$/.test(p) ? Number(p) : NaN));
  if (parts.some((p) => Number.isNaN(p))) return undefined;
  const last = parts.pop()!;
  if (parts.some((p) => p > 255) || last >= 2 ** (8 * (4 - parts.length))) return undefined;
  return quad(parts.reduce((n, p, i) => n + p * 2 ** (8 * (3 - i)), 0) + last);
}

function quad(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** Python's unquote_to_bytes until nothing changes: `%XX` (either case) → the byte. */
function unescapeRepeatedly(s: string): string {
  for (;;) {
    const un = s.replace(/%([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (un === s) return s;
    s = un;
  }
}

/** Python's quote_from_bytes with surt's safe set: every byte but letters, digits and `_.-~!"$&'()*+,/:;<=>?@[\]^`{|}` as `%XX`. */
function escapeOnce(s: string | undefined): string | undefined {
  if (!s) return s;
  return s.replace(/[^A-Za-z0-9_.\-~!"$&'()*+,/:;<=>?@[\\\]^`{|}]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

const PATH_SESSION_IDS = [/^(.*\/)(\((?:[a-z]\([0-9a-z]{24}\))+\)\/)([^?]+\.aspx.*)$/is, /^(.*\/)(\([0-9a-z]{24}\)\/)([^?]+\.aspx.*)$/is];
const QUERY_SESSION_IDS = [
  /^(.*)(?:jsessionid=[0-9a-zA-Z]{32})(?:&(.*))?$/is, /^(.*)(?:phpsessid=[0-9a-zA-Z]{32})(?:&(.*))?$/is,
  /^(.*)(?:sid=[0-9a-zA-Z]{32})(?:&(.*))?$/is, /^(.*)(?:ASPSESSIONID[a-zA-Z]{8}=[a-zA-Z]{24})(?:&(.*))?$/is,
  /^(.*)(?:cfid=[^&]+&cftoken=[^&]+)(?:&(.*))?$/is,
];

function stripPathSessionId(path: string): string {
  for (const re of PATH_SESSION_IDS) {
    const m = re.exec(path);
    if (m) path = m[1] + m[3];
  }
  return path;
}

function stripQuerySessionId(query: string): string {
  for (const re of QUERY_SESSION_IDS) {
    const m = re.exec(query);
    if (m) query = m[2] ? m[1] + m[2] : m[1];
  }
  return query;
}

/** Arguments sorted as Python sorts (name, value) tuples: by name, a bare name before `name=…`, then by value; bytes compared. */
function sortQuery(query: string): string {
  if (query.length <= 1) return query;
  const args = query.split('&').map((arg) => {
    const eq = arg.indexOf('=');
    return eq === -1 ? { name: arg, arg } : { name: arg.slice(0, eq), value: arg.slice(eq + 1), arg };
  });
  const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  args.sort((a, b) => cmp(a.name, b.name) || (a.value === undefined ? (b.value === undefined ? 0 : -1) : b.value === undefined ? 1 : cmp(a.value, b.value)));
  return args.map((a) => a.arg).join('&');
}
