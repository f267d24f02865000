import type { RobotsPolicy } from './robots-policy.js';

/** What the crawl knows of one host (Heritrix's CrawlHost and CrawlServer together). */
export interface HostState {
  ip?: string;
  /** When the address must be looked up again (ms since the epoch). */
  ipExpiresAt?: number;
  robots?: RobotsPolicy;
  robotsExpiresAt?: number;
  /** Consecutive failed robots.txt fetches (5xx, no answer). */
  robotsFailures?: number;
}

/** Per-host state shared by preconditions, fetchers and the disposition processor. */
export interface ServerCache {
  /** The state of `host` (lower-cased host name, with `:port` when not the default). */
  host(host: string): HostState;
}
