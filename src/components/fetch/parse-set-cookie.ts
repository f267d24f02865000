import { parseCookieDate } from './cookie-date.js';

/** One `Set-Cookie` header as RFC 6265 §5.2 reads it, before the jar decides where it belongs. */
export interface SetCookie {
  readonly name: string;
  readonly value: string;
  /** The Domain attribute, lower-cased, without a leading dot; undefined for a host-only cookie. */
  readonly domain?: string;
  /** The Path attribute when it starts with `/`; undefined means the request's default path. */
  readonly path?: string;
  /** When it expires (ms since the epoch; Max-Age wins over Expires); undefined for a session cookie. */
  readonly expiresAt?: number;
  readonly secure: boolean;
  readonly httpOnly: boolean;
}

const WSP = /^[ \t]+|[ \t]+$/g;
/** Longer lives are cut to about 300 years, within what a Date can hold. */
const MAX_AGE_SECONDS = 1e10;

/** Reads a `Set-Cookie` value; undefined when it must be ignored (no `=` in the pair, or no name). */
export function parseSetCookie(header: string, now: number): SetCookie | undefined {
  const semi = header.indexOf(';');
  const pair = semi === -1 ? header : header.slice(0, semi);
  const eq = pair.indexOf('=');
  if (eq === -1) return undefined;
  const name = pair.slice(0, eq).replace(WSP, '');
  if (name === '') return undefined;
  const cookie: { -readonly [K in keyof SetCookie]: SetCookie[K] } = { name, value: pair.slice(eq + 1).replace(WSP, ''), secure: false, httpOnly: false };
  let maxAgeAt: number | undefined;
  let expiresAt: number | undefined;
  for (const attribute of semi === -1 ? [] : header.slice(semi + 1).split(';')) {
    const at = attribute.indexOf('=');
    const key = (at === -1 ? attribute : attribute.slice(0, at)).replace(WSP, '').toLowerCase();
    const value = at === -1 ? '' : attribute.slice(at + 1).replace(WSP, '');
    if (key === 'expires') expiresAt = parseCookieDate(value) ?? expiresAt;
    else if (key === 'max-age') maxAgeAt = maxAge(value, now) ?? maxAgeAt;
    else if (key === 'domain' && value !== '') cookie.domain = value.replace(/^\./, '').toLowerCase();
    else if (key === 'path') cookie.path = value.startsWith('/') ? value : undefined;
    else if (key === 'secure') cookie.secure = true;
    else if (key === 'httponly') cookie.httpOnly = true;
  }
  cookie.expiresAt = maxAgeAt ?? expiresAt;
  return cookie;
}

/** §5.2.2: delta-seconds (a leading `-` allowed); zero or less is the earliest time there is. */
function maxAge(value: string, now: number): number | undefined {
  if (!/^-?\d+$/.test(value)) return undefined;
  const seconds = Number(value);
  return seconds <= 0 ? 0 : now + Math.min(seconds, MAX_AGE_SECONDS) * 1000;
}
