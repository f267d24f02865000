import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import type { HostState } from '../../model/server-cache.js';
import { finishWith } from './finish-with.js';
import { ipLiteralOf } from './host-key-of.js';
import { httpUrlOf } from './http-url-of.js';
import { deferBehind } from './prerequisite.js';
import { robotsVerdict } from './robots-verdict.js';

export const preconditionEnforcerComponent = defineComponent({
  name: 'PreconditionEnforcer',
  aliases: ['org.archive.crawler.prefetch.PreconditionEnforcer'],
  description:
    'Makes sure an http(s) URI can be fetched: its host has a fresh address (else a `dns:` prerequisite is scheduled, ' +
    'status -50) and its server a fresh robots.txt (else a `/robots.txt` prerequisite, status -50); then applies ' +
    'robots.txt (status -9998 when it disallows the URI, -61 while robots.txt cannot be had) and passes its Crawl-delay on; ' +
    'then, for a server with an HtmlFormCredential, holds its URIs behind the form login until it has been sent once.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    ipValidityDurationSeconds: {
      type: 'integer', minimum: 0, default: 21600, overlayable: true,
      description: 'How long a DNS answer is trusted, in seconds; the answer\'s TTL when longer. 0 = never look a host up again.',
    },
    robotsValidityDurationSeconds: {
      type: 'integer', minimum: 0, default: 86400, overlayable: true,
      description: 'How long a fetched robots.txt is trusted before it is fetched again, in seconds; 0 = never expire.',
    },
    robotsRetrySeconds: {
      type: 'integer', minimum: 0, default: 60, overlayable: true,
      description: 'While robots.txt cannot be had (a 5xx answer or none), URIs of that server fail with -61; after this many seconds robots.txt ' +
        'is fetched again.',
    },
    calculateRobotsOnly: {
      type: 'boolean', default: false, overlayable: true,
      description: 'Only annotate URIs that robots.txt disallows (`robotExcluded`) and fetch them anyway.',
    },
  },
  refs: {
    ...PROCESSOR_REFS,
    serverCache: { kind: 'ServerCache', autowire: true, required: true, description: 'Where addresses and robots.txt are kept.' },
    metadata: { kind: 'CrawlMetadata', autowire: true, required: true, description: 'The user agent robots.txt is read for, and the robots policy.' },
    credentialStore: {
      kind: 'CredentialStore', autowire: true,
      description: 'Its HtmlFormCredential logins: a server\'s URIs wait behind its loginUri until the form has been sent once (status -50 while they wait).',
    },
  },
  load: async (): Promise<ComponentClass> => PreconditionEnforcer,
});

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

  protected innerProcess(curi: CrawlUri, c: ConfigOf<typeof preconditionEnforcerComponent>): ProcessResult | Promise<ProcessResult> {
    const url = httpUrlOf(curi);
    if (url === undefined) return PROCEED;
    // What other workers of a shared crawl learnt of the host (its address, robots.txt) first.
    const learning = this.config.serverCache.learn?.(url.hostname, url.host);
    return learning ? learning.then(() => this.#check(curi, url, c)) : this.#check(curi, url, c);
  }

  #check(curi: CrawlUri, url: URL, c: ConfigOf<typeof preconditionEnforcerComponent>): ProcessResult {
    const now = Date.now();
    const host = this.config.serverCache.host(url.hostname);
    if (host.ipFetchedAt === undefined || this.#ipExpired(host, url.hostname, now, c)) return deferBehind(curi, `dns:${url.hostname}`);
    if (host.ip === undefined) return finishWith(curi, FetchStatus.DOMAIN_PREREQUISITE_FAILURE);
    if (url.pathname === '/robots.txt') return PROCEED;
    const server = url.host === url.hostname ? host : this.config.serverCache.host(url.host);
    if (this.#robotsExpired(server, now, c)) return deferBehind(curi, `${url.protocol}//${url.host}/robots.txt`);
    const verdict = this.#applyRobots(curi, server, c);
    return verdict === PROCEED ? this.#formLogin(curi, url, server) : verdict;
  }

  /**
   * Heritrix's credential precondition, for form logins: the login URI itself is sent with the form
   * (and marks the server as logged in: the server's queue holds every other URI of it until the
   * login's fetch is over, so they go with its cookies); any other URI of the server waits behind it.
   */
  #formLogin(curi: CrawlUri, url: URL, server: HostState): ProcessResult {
    const login = this.config.credentialStore?.formLoginFor?.(url);
    if (login === undefined) return PROCEED;
    if (sameResource(url, login.loginUri)) {
      curi.formLogin = login;
      server.formLoginSent = true;
      return PROCEED;
    }
    return server.formLoginSent ? PROCEED : deferBehind(curi, login.loginUri);
  }

  #applyRobots(curi: CrawlUri, server: HostState, c: ConfigOf<typeof preconditionEnforcerComponent>): ProcessResult {
    const metadata = this.config.metadata.forUri(curi);
    const verdict = robotsVerdict(server, metadata.robotsPolicyName, metadata.userAgent, curi.uri);
    if (verdict.kind === 'ignored') return PROCEED;
    if (verdict.kind === 'unavailable') {
      // Why, for crawl.log and the seeds report: `robots:503`, `robots:ECONNREFUSED`.
      if (server.robotsFailure !== undefined) curi.annotations.push(`robots:${server.robotsFailure}`);
      return finishWith(curi, FetchStatus.ROBOTS_PREREQUISITE_FAILURE);
    }
    if (verdict.kind === 'disallowed') {
      curi.annotations.push('robotExcluded');
      if (!c.calculateRobotsOnly) return finishWith(curi, FetchStatus.ROBOTS_PRECLUDED);
    }
    if (verdict.kind !== 'not-fetched' && verdict.crawlDelaySeconds !== undefined) curi.requestedDelayMs = verdict.crawlDelaySeconds * 1000;
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

/** Whether `url` is the login URI (fragments aside). */
function sameResource(url: URL, loginUri: string): boolean {
  try {
    const login = new URL(loginUri);
    return login.origin === url.origin && login.pathname === url.pathname && login.search === url.search;
  } catch {
    return false;
  }
}
