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
  /** Why the last lookup failed (`no-such-host`, `timeout`, `error`), until one succeeds: alerted once per kind. */
  unresolvable?: string;
  robots?: RobotsPolicy;
  /**
   * The robots.txt text `robots` was parsed from (`robotsTextOf` in components/fetch/robots-text.ts;
   * '' for none), set right after `robots` so that a durable ServerCache can store it and parse it
   * again when the crawl resumes; such a cache forgets it when `robots` changes. Without it the
   * policy is not stored, and a resumed crawl fetches robots.txt again.
   */
  robotsTxt?: string;
  /** When robots.txt was last fetched (ms since the epoch), successfully or not. */
  robotsFetchedAt?: number;
  /** Set while robots.txt could not be had (5xx, no answer): everything is disallowed until it is fetched again. */
  robotsUnavailable?: boolean;
  /** Why robots.txt could not be had: the HTTP status (`503`) or the error's code (`ECONNREFUSED`), for the URIs it fails (-61). */
  robotsFailure?: string;
  /** Set once the server's form login (HtmlFormCredential) has been sent: its other URIs are no longer held behind it. */
  formLoginSent?: boolean;
}

/** Per-host state shared by preconditions, fetchers and the disposition processor. */
export interface ServerCache {
  /** The state of a host, created empty on first use. Keyed by lower-cased `host` or `host:port`. */
  host(hostPort: string): HostState;
  /** The state of a host as known now, without making one (`explain` asks; nothing changes). */
  peek?(hostPort: string): HostState | undefined;
  /**
   * For a cache that workers share (RedisServerCache): brings in what others learnt of these keys
   * when this process does not know them yet; undefined when there is nothing to wait for.
   */
  learn?(...keys: string[]): Promise<void> | undefined;
}
