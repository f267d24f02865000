import type { Cookie } from './cookie-jar.js';

/** A line of a cookies file that could not be read. */
export interface CookieFileProblem {
  readonly line: number;
  readonly message: string;
}

const HTTP_ONLY = '#HttpOnly_';

/**
 * Reads a cookies.txt in Netscape's format, as Heritrix, curl and browser exports write it: one
 * cookie a line, seven tab-separated fields: domain, whether subdomains get it too (TRUE/FALSE),
 * path, secure (TRUE/FALSE), expiry in seconds since the epoch (0 or -1: a session cookie), name,
 * value. Blank lines and `#` comments are skipped; curl's `#HttpOnly_` prefix marks an HttpOnly
 * cookie. A leading dot on the domain, or TRUE in the second field, makes a domain cookie.
 */
export function parseNetscapeCookies(text: string, now = Date.now()): { cookies: Cookie[]; problems: CookieFileProblem[] } {
  const cookies: Cookie[] = [];
  const problems: CookieFileProblem[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const httpOnly = raw.startsWith(HTTP_ONLY);
    const line = httpOnly ? raw.slice(HTTP_ONLY.length) : raw;
    if (/^\s*(?:#|$)/.test(line)) return;
    const problem = (message: string) => problems.push({ line: i + 1, message });
    const f = line.split('\t');
    if (f.length !== 7) return problem(`expected 7 tab-separated fields, found ${f.length}`);
    const [rawDomain, subdomains, path, secure, expiry, name, value] = f;
    const domain = rawDomain.trim().replace(/^\./, '').toLowerCase();
    if (domain === '') return problem('the domain is empty');
    if (name === '') return problem('the cookie has no name');
    if (!/^-?\d+$/.test(expiry.trim())) return problem(`the expiry "${expiry}" is not a number of seconds`);
    const seconds = Number(expiry);
    cookies.push({
      name, value, domain, httpOnly,
      hostOnly: !(rawDomain.trim().startsWith('.') || subdomains.trim().toUpperCase() === 'TRUE'),
      path: path.startsWith('/') ? path : '/',
      secure: secure.trim().toUpperCase() === 'TRUE',
      expiresAt: seconds > 0 ? seconds * 1000 : undefined,
      createdAt: now,
    });
  });
  return { cookies, problems };
}

/** Writes cookies in Netscape's format (session cookies with expiry 0, as curl does). */
export function formatNetscapeCookies(cookies: readonly Cookie[]): string {
  const lines = ['# Netscape HTTP Cookie File', '# Written by beancrawl. Fields: domain, subdomains, path, secure, expiry (0: session), name, value.', ''];
  for (const c of cookies) {
    const domain = `${c.httpOnly ? HTTP_ONLY : ''}${c.hostOnly ? '' : '.'}${c.domain}`;
    const expiry = c.expiresAt === undefined ? 0 : Math.floor(c.expiresAt / 1000);
    lines.push([domain, c.hostOnly ? 'FALSE' : 'TRUE', c.path, c.secure ? 'TRUE' : 'FALSE', expiry, c.name, c.value].join('\t'));
  }
  return `${lines.join('\n')}\n`;
}
