import { ipVersion } from '../../util/url/ip-version.js';

/** An IP address rather than a name (`127.0.0.1`, `[::1]`). */
export function isIpHost(host: string): boolean {
  return host.startsWith('[') || ipVersion(host) !== 0;
}

/** RFC 6265 §5.1.3: the host is the domain, or a name ending in `.domain` (never an IP address). */
export function domainMatches(host: string, domain: string): boolean {
  if (host === domain) return true;
  return host.length > domain.length && host.endsWith(domain) && host[host.length - domain.length - 1] === '.' && !isIpHost(host);
}

/** §5.1.4: the cookie's path is the request's, or a prefix of it that ends at a `/`. */
export function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

/** §5.1.4: a cookie's path when it names none: the request's path up to its last `/` (excluded), at least `/`. */
export function defaultPath(requestPath: string): string {
  const last = requestPath.lastIndexOf('/');
  return last <= 0 || !requestPath.startsWith('/') ? '/' : requestPath.slice(0, last);
}

const REGISTRY_SECOND_LEVEL = /^(?:ac|co|com|edu|gov|govt|gv|ltd|mil|ne|net|nic|nom|or|org|plc|sch)\.[a-z]{2}$/;

/**
 * A Domain attribute that no site may set for others (§5.3 step 5), by an approximation of the
 * public suffix list: one label (`com`, `localhost`), or a registry's second level under a
 * country code (`co.uk`, `com.au`, `ac.jp`).
 */
export function isPublicSuffix(domain: string): boolean {
  return !domain.includes('.') || REGISTRY_SECOND_LEVEL.test(domain);
}
