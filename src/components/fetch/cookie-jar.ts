import { defaultPath, domainMatches, isIpHost, isPublicSuffix, pathMatches } from './cookie-match.js';
import { parseSetCookie } from './parse-set-cookie.js';

/** A cookie as the jar keeps it (RFC 6265 §5.3). */
export interface Cookie {
  readonly name: string;
  readonly value: string;
  /** The host (host-only cookie) or the domain it belongs to, lower-cased. */
  readonly domain: string;
  /** Sent to `domain` only, not to its subdomains (no Domain attribute was given). */
  readonly hostOnly: boolean;
  readonly path: string;
  /** Sent over https only. */
  readonly secure: boolean;
  readonly httpOnly: boolean;
  /** When it expires (ms since the epoch); undefined for a session cookie, kept for the whole crawl. */
  readonly expiresAt?: number;
  readonly createdAt: number;
}

/** RFC 6265's suggested minimum; past it a domain's oldest cookies go first. */
const MAX_PER_DOMAIN = 50;

/**
 * Cookies by RFC 6265, in memory, filed by the host or domain they belong to, so that a request
 * looks at its host and the domains above it only: a cookie never reaches a host its Domain
 * attribute does not cover, a path outside its Path, nor plain http when it is Secure. Expired
 * cookies are dropped as they are met.
 */
export class CookieJar {
  readonly #byDomain = new Map<string, Cookie[]>();
  #size = 0;
  /** Domains whose cookies were added, replaced or removed since `takeChanged`. */
  readonly #changed = new Set<string>();

  constructor(readonly maxPerDomain = MAX_PER_DOMAIN) {}

  /** Cookies held (expired ones not yet met included). */
  get size(): number {
    return this.#size;
  }

  /** Keeps one `Set-Cookie` of a response to `url` (§5.3); false when it is refused or malformed. */
  setCookie(url: URL, header: string, now = Date.now()): boolean {
    const parsed = parseSetCookie(header, now);
    if (parsed === undefined) return false;
    const host = url.hostname.toLowerCase();
    let domain = host;
    if (parsed.domain !== undefined && parsed.domain !== host) {
      if (isPublicSuffix(parsed.domain) || !domainMatches(host, parsed.domain)) return false;
      domain = parsed.domain;
    }
    const hostOnly = parsed.domain === undefined || (parsed.domain === host && isPublicSuffix(host));
    const { name, value, secure, httpOnly, expiresAt } = parsed;
    this.add({ name, value, domain, hostOnly, path: parsed.path ?? defaultPath(url.pathname), secure, httpOnly, expiresAt, createdAt: now }, now);
    return true;
  }

  /** Adds a cookie, replacing one of the same name, domain and path (whose creation time it keeps); an expired one only removes. */
  add(cookie: Cookie, now = Date.now()): void {
    this.#changed.add(cookie.domain);
    const list = this.#byDomain.get(cookie.domain) ?? [];
    const prior = list.findIndex((c) => c.name === cookie.name && c.path === cookie.path);
    const live = cookie.expiresAt === undefined || cookie.expiresAt > now;
    if (prior !== -1 && live) list[prior] = { ...cookie, createdAt: list[prior].createdAt };
    else if (prior !== -1) this.#size -= list.splice(prior, 1).length;
    else if (live) {
      list.push(cookie);
      this.#size++;
    }
    if (list.length === 0) this.#byDomain.delete(cookie.domain);
    else this.#byDomain.set(cookie.domain, list);
    if (list.length > this.maxPerDomain) this.#evict(cookie.domain, list, now);
  }

  /** The `Cookie` header for a request to `url` (§5.4): longer paths first, then older cookies; undefined when none applies. */
  header(url: URL, now = Date.now()): string | undefined {
    if (this.#size === 0) return undefined;
    const host = url.hostname.toLowerCase();
    const found: Cookie[] = [];
    for (let key = host; ; ) {
      const list = this.#byDomain.get(key);
      if (list !== undefined) this.#collect(key, list, key === host, url, now, found);
      const dot = key.indexOf('.');
      if (dot === -1 || isIpHost(host)) break;
      key = key.slice(dot + 1);
    }
    if (found.length === 0) return undefined;
    if (found.length > 1) found.sort((a, b) => b.path.length - a.path.length || a.createdAt - b.createdAt);
    return found.map((c) => `${c.name}=${c.value}`).join('; ');
  }

  /** The cookies of each domain changed since the last call (an empty list: none left), for a store that keeps them. */
  takeChanged(): Map<string, Cookie[]> {
    const out = new Map<string, Cookie[]>();
    for (const domain of this.#changed) out.set(domain, [...(this.#byDomain.get(domain) ?? [])]);
    this.#changed.clear();
    return out;
  }

  /** Every cookie not expired, for saving. */
  all(now = Date.now()): Cookie[] {
    return [...this.#byDomain.values()].flat().filter((c) => c.expiresAt === undefined || c.expiresAt > now);
  }

  #collect(key: string, list: Cookie[], ownHost: boolean, url: URL, now: number, found: Cookie[]): void {
    let expired = 0;
    for (const c of list) {
      if (c.expiresAt !== undefined && c.expiresAt <= now) expired++;
      else if ((ownHost || !c.hostOnly) && (!c.secure || url.protocol === 'https:') && pathMatches(url.pathname, c.path)) found.push(c);
    }
    if (expired > 0) this.#dropExpired(key, list, now);
  }

  /** Over the limit: expired cookies go, then the oldest. */
  #evict(key: string, list: Cookie[], now: number): void {
    this.#dropExpired(key, list, now);
    if (list.length <= this.maxPerDomain) return;
    list.sort((a, b) => a.createdAt - b.createdAt);
    this.#size -= list.length - this.maxPerDomain;
    list.splice(0, list.length - this.maxPerDomain);
  }

  #dropExpired(key: string, list: Cookie[], now: number): void {
    const kept = list.filter((c) => c.expiresAt === undefined || c.expiresAt > now);
    this.#size -= list.length - kept.length;
    list.splice(0, list.length, ...kept);
    if (kept.length === 0) this.#byDomain.delete(key);
  }
}
