import type { RobotsPolicy } from './robots-policy.js';

/**
 * What the crawl knows of one host (Heritrix's CrawlHost and CrawlServer together). Fetchers
 * record what they learnt and when; the precondition enforcer judges whether it is still valid.
 */
export interface HostState {
  /** The address FetchHttp connects to. */
  ip?: string;
  /** When the address was looked up (ms since the epoch). */
  ipFetchedAt?: number;
  /** The DNS answer's TTL, when the resolver gave one. */
  ipTtlSeconds?: number;
  robots?: RobotsPolicy;
  /** When robots.txt was last fetched (ms since the epoch), successfully or not. */
  robotsFetchedAt?: number;
  /** Set while robots.txt could not be had (5xx, no answer): everything is disallowed until it is fetched again. */
  robotsUnavailable?: boolean;
}

/** Per-host state shared by preconditions, fetchers and the disposition processor. */
export interface ServerCache {
  /** The state of a host, created empty on first use. Keyed by lower-cased `host` or `host:port`. */
  host(hostPort: string): HostState;
}
