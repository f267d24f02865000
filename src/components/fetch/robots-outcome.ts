import type { RobotsPolicy } from '../../model/robots-policy.js';
import type { HostState } from '../../model/server-cache.js';
import { parseRobotsTxt } from '../../util/url/robots/parse-robots-txt.js';
import { rawHeaderValue } from './header-map.js';
import { robotsTextOf } from './robots-text.js';
import type { HttpExchange } from './http-exchange.js';

/** RFC 9309 §2.3.1.2: crawlers should follow at least five consecutive redirects. */
export const MAX_ROBOTS_REDIRECTS = 5;

/** The policy of a server without robots.txt. */
export const ALLOW_ALL: RobotsPolicy = parseRobotsTxt('');

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Records what a fetch of a server's /robots.txt says (RFC 9309 §2.3.1): 2xx, the rules in the
 * body; 3xx (redirects left over) and 4xx, everything allowed; 5xx or no answer (negative
 * status), robots.txt unavailable, so everything is disallowed until it is fetched again.
 * `failure` is why a fetch that got no answer failed (its error code).
 */
export function updateRobots(server: HostState, status: number, body: Uint8Array | undefined, now = Date.now(), failure?: string): void {
  server.robotsFetchedAt = now;
  // Why it is unavailable (the status, or the error code a failed fetch gave), for the URIs that fail for it.
  server.robotsFailure = status >= 500 ? String(status) : status < 0 ? failure ?? String(status) : undefined;
  if (status >= 200 && status < 300) {
    server.robots = parseRobotsTxt(body ?? new Uint8Array(0));
    // The text the rules came from, kept so that a resumed crawl can have them again (set after robots).
    server.robotsTxt = robotsTextOf(body);
    server.robotsUnavailable = false;
  } else if (status >= 300 && status < 500) {
    server.robots = ALLOW_ALL;
    server.robotsUnavailable = false;
  } else {
    server.robotsUnavailable = true;
  }
}

/** Where a redirect response points (resolved against the URL fetched), when it is an http(s) URL. */
export function redirectTarget(exchange: HttpExchange, from: URL): URL | undefined {
  if (exchange.error !== undefined || !REDIRECTS.has(exchange.statusCode)) return undefined;
  const location = rawHeaderValue(exchange.rawHeaders, 'location');
  if (location === undefined) return undefined;
  try {
    const target = new URL(location, from);
    return target.protocol === 'http:' || target.protocol === 'https:' ? target : undefined;
  } catch {
    return undefined;
  }
}
