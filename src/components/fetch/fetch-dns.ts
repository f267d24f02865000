import { ipVersion } from '../../util/url/ip-version.js';
import { defineComponent, type BeanView, type ComponentClass, type ValidationIssue, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { DIGEST_ALGORITHMS, contentDigest } from './content-digest.js';
import { Resolver } from 'node:dns/promises';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { dnsRecordText } from './dns-record-text.js';
import { finishWith } from './finish-with.js';
import { ipLiteralOf } from './host-key-of.js';
import type { HostState } from '../../model/server-cache.js';
import { dnsLookup, isFailure, systemLookup, type HostAnswer, type HostLookup } from './resolve-host.js';

function validateFetchDns(bean: BeanView): ValidationIssue[] {
  const map = (bean.config.hostsMap ?? {}) as Record<string, string>;
  return Object.entries(map)
    .filter(([, address]) => ipVersion(address) === 0)
    .map(([host, address]) => ({ property: 'hostsMap', message: `maps "${host}" to "${address}", which is not an IP address` }));
}

export const fetchDnsComponent = defineComponent({
  name: 'FetchDns',
  aliases: ['FetchDNS', 'org.archive.modules.fetcher.FetchDNS'],
  description:
    'Answers `dns:` URIs: looks the host up and records its address (and TTL) in the server cache, where FetchHttp ' +
    'connects to it. Status 1 on success with a `text/dns` record as content, -1 when the name does not resolve.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    resolver: {
      type: 'string', enum: ['system', 'dns'], default: 'system',
      description: '`system`: the operating system\'s resolver (honours /etc/hosts; no TTL is known). `dns`: DNS queries for A records ' +
        'to the servers of /etc/resolv.conf, recording each answer\'s TTL.',
    },
    acceptNonDnsResolves: {
      type: 'boolean', default: false,
      description: 'With resolver `dns`: when DNS has no answer, try the operating system\'s resolver (hosts files and the like). `localhost` always may.',
    },
    disableJavaDnsResolves: {
      type: 'boolean', default: false,
      description: 'Heritrix\'s switch to skip its own DNS queries and use only the operating system\'s resolver: true makes `resolver` `system`.',
    },
    hostsMap: {
      type: 'object', additionalProperties: { type: 'string' }, default: {},
      description: 'Host names mapped to addresses, consulted before any resolver (tests, intranets).',
    },
    lookupTimeoutMs: {
      type: 'integer', minimum: 100, default: 10000,
      description: 'Longest wait for a lookup\'s answer; a lookup that does not answer in time fails (-1, annotation `dns:ETIMEOUT`) and is retried later.',
    },
    digestContent: { type: 'boolean', default: true, overlayable: true, description: 'Compute the digest of the DNS record.' },
    digestAlgorithm: { type: 'string', enum: DIGEST_ALGORITHMS, default: 'sha1', description: 'The digest algorithm.' },
  },
  refs: {
    ...PROCESSOR_REFS,
    serverCache: { kind: 'ServerCache', autowire: true, required: true, description: 'Where addresses are recorded.' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'Told once of each host that does not resolve (alerts.log).' },
  },
  validate: validateFetchDns,
  load: async (): Promise<ComponentClass> => FetchDns,
});

export type FetchDnsConfig = ConfigOf<typeof fetchDnsComponent>;

/**
 * Heritrix's FetchDNS for `dns:NAME` URIs. The answer goes to the server cache under NAME (ip,
 * ipFetchedAt, ipTtlSeconds); a failure clears the address and records when it was tried, so
 * that the precondition enforcer fails the host's URIs with -6 instead of looking it up again
 * and again. The record text is the URI's content (`curi.text`, `text/dns`).
 */
export class FetchDns extends Processor<typeof fetchDnsComponent> {
  #resolver?: Resolver;

  start(): void {
    if (this.#usesDns()) this.#resolver ??= this.#newResolver();
  }

  stop(): void {
    this.#resolver?.cancel();
    this.#resolver = undefined;
  }

  protected override shouldProcess(curi: CrawlUri): boolean {
    return curi.uri.startsWith('dns:');
  }

  protected async innerProcess(curi: CrawlUri, c: ConfigOf<typeof fetchDnsComponent>): Promise<ProcessResult> {
    const name = curi.uri.slice(4).toLowerCase();
    if (name === '' || name.includes('/')) return finishWith(curi, FetchStatus.UNFETCHABLE_URI);
    curi.fetchBeginTime = Date.now();
    const answer = await this.#resolve(name);
    const now = Date.now();
    curi.fetchDurationMs = now - curi.fetchBeginTime;
    const host = this.config.serverCache.host(name);
    host.ipFetchedAt = now;
    if (isFailure(answer)) {
      host.ip = undefined;
      host.ipTtlSeconds = undefined;
      curi.annotations.push(`dns:${answer.code}`);
      this.#alertOnce(name, host, answer.failure, answer.code);
      return finishWith(curi, FetchStatus.DOMAIN_UNRESOLVABLE);
    }
    host.ip = answer.address;
    host.ipTtlSeconds = answer.ttlSeconds;
    host.unresolvable = undefined;
    this.#record(curi, name, answer, c);
    return PROCEED;
  }

  /** Whether lookups are DNS queries: resolver `dns`, unless Heritrix's disableJavaDnsResolves says the system's resolver only. */
  #usesDns(): boolean {
    return this.config.resolver === 'dns' && !this.config.disableJavaDnsResolves;
  }

  /** An IP literal answers itself; then hostsMap; then the configured resolver. */
  async #resolve(name: string): Promise<HostLookup> {
    const literal = ipLiteralOf(name);
    if (literal !== undefined) return { address: literal };
    const mapped = this.config.hostsMap[name];
    if (mapped !== undefined) return { address: mapped };
    if (!this.#usesDns()) return systemLookup(name, this.config.lookupTimeoutMs);
    const answer = await dnsLookup((this.#resolver ??= this.#newResolver()), name);
    if (!isFailure(answer) || !(this.config.acceptNonDnsResolves || name === 'localhost')) return answer;
    return systemLookup(name, this.config.lookupTimeoutMs);
  }

  /** DNS queries with the lookup timeout: one try per server, as long as lookupTimeoutMs allows. */
  #newResolver(): Resolver {
    return new Resolver({ timeout: this.config.lookupTimeoutMs, tries: 1 });
  }

  /**
   * A host that does not resolve is said once in alerts.log (and so on the console), naming the
   * host and what the resolver said, when it happens: its URIs wait for retries meanwhile,
   * which can take hours, and a mistyped seed looks like a crawl that does nothing.
   */
  #alertOnce(name: string, host: HostState, failure: string, code: string): void {
    if (host.unresolvable === failure) return;
    host.unresolvable = failure;
    const why = failure === 'no-such-host' ? `does not exist (DNS: ${code})` : failure === 'timeout' ? `did not answer a lookup within ` +
      `${this.config.lookupTimeoutMs} ms` : `could not be looked up (${code})`;
    this.config.loggerModule?.alert?.('WARNING', `host ${name} ${why}; its URIs wait to be retried (frontier retryDelaySeconds, maxRetries)`);
  }

  #record(curi: CrawlUri, name: string, answer: HostAnswer, c: ConfigOf<typeof fetchDnsComponent>): void {
    const text = dnsRecordText(curi.fetchBeginTime, name, answer.address, answer.ttlSeconds);
    const bytes = Buffer.from(text, 'latin1');
    curi.fetchStatus = FetchStatus.DNS_SUCCESS;
    curi.contentType = 'text/dns';
    curi.contentSize = bytes.length;
    curi.recordedSize = bytes.length;
    curi.text = text;
    curi.dnsTtlSeconds = answer.ttlSeconds;
    if (c.digestContent) curi.contentDigest = contentDigest(c.digestAlgorithm, bytes);
  }
}
