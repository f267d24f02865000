import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import type { HostState } from '../../model/server-cache.js';
import { finishWith } from './finish-with.js';
import { ipLiteralOf } from './host-key-of.js';
import { httpUrlOf } from './http-url-of.js';
import type { preconditionEnforcerComponent } from './precondition-enforcer.descriptor.js';
import { deferBehind } from './prerequisite.js';

export type PreconditionEnforcerConfig = ConfigOf<typeof preconditionEnforcerComponent>;

/**
 * Heritrix's PreconditionEnforcer for http(s) URIs; other schemes (`dns:`, `file:`) pass untouched. First
 * DNS, under the host name: no address yet or an expired one defers the URI behind `dns:host`
 * (an IP literal too: FetchDns answers it at once, and it never expires); a lookup that found
 * nothing fails it with -6 until the answer expires. Then robots.txt, under the server key: a
 * URI whose path is /robots.txt passes; a server without a fresh robots.txt defers the URI
 * behind it; an unavailable robots.txt fails it with -61; a disallowed URI gets -9998.
 */
export class PreconditionEnforcer extends Processor<typeof preconditionEnforcerComponent> {

  protected innerProcess(curi: CrawlUri, c: ConfigOf<typeof preconditionEnforcerComponent>): ProcessResult {
    const url = httpUrlOf(curi);
    if (url === undefined) return PROCEED;
    const now = Date.now();
    const host = this.config.serverCache.host(url.hostname);
    if (host.ipFetchedAt === undefined || this.#ipExpired(host, url.hostname, now, c)) return deferBehind(curi, `dns:${url.hostname}`);
    if (host.ip === undefined) return finishWith(curi, FetchStatus.DOMAIN_PREREQUISITE_FAILURE);
    if (url.pathname === '/robots.txt') return PROCEED;
    const server = url.host === url.hostname ? host : this.config.serverCache.host(url.host);
    if (this.#robotsExpired(server, now, c)) return deferBehind(curi, `${url.protocol}//${url.host}/robots.txt`);
    return this.#applyRobots(curi, server, c);
  }

  #applyRobots(curi: CrawlUri, server: HostState, c: ConfigOf<typeof preconditionEnforcerComponent>): ProcessResult {
    const metadata = this.config.metadata.forUri(curi);
    if (metadata.robotsPolicyName === 'ignore') return PROCEED;
    if (server.robotsUnavailable) return finishWith(curi, FetchStatus.ROBOTS_PREREQUISITE_FAILURE);
    const robots = server.robots!;
    const userAgent = metadata.userAgent;
    if (!robots.isAllowed(userAgent, curi.uri)) {
      curi.annotations.push('robotExcluded');
      if (!c.calculateRobotsOnly) return finishWith(curi, FetchStatus.ROBOTS_PRECLUDED);
    }
    const delaySeconds = robots.crawlDelaySeconds(userAgent);
    if (delaySeconds !== undefined) curi.requestedDelayMs = delaySeconds * 1000;
    return PROCEED;
  }

  /** Heritrix's rule: trusted for max(ipValidityDurationSeconds, TTL); 0 or an IP literal never expire. */
  #ipExpired(host: HostState, hostname: string, now: number, c: ConfigOf<typeof preconditionEnforcerComponent>): boolean {
    const validity = c.ipValidityDurationSeconds;
    if (validity === 0 || (host.ip !== undefined && ipLiteralOf(hostname) !== undefined)) return false;
    const seconds = Math.max(validity, host.ipTtlSeconds ?? 0);
    return host.ipFetchedAt! + seconds * 1000 < now;
  }

  /** Never fetched, unavailable for longer than robotsRetrySeconds, or older than its validity. */
  #robotsExpired(server: HostState, now: number, c: ConfigOf<typeof preconditionEnforcerComponent>): boolean {
    if (server.robotsFetchedAt === undefined) return true;
    const age = now - server.robotsFetchedAt;
    if (server.robotsUnavailable) return age >= c.robotsRetrySeconds * 1000;
    if (server.robots === undefined) return true;
    const validity = c.robotsValidityDurationSeconds;
    return validity > 0 && age > validity * 1000;
  }
}
