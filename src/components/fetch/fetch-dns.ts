import { Resolver } from 'node:dns/promises';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { contentDigest } from './content-digest.js';
import { dnsRecordText } from './dns-record-text.js';
import type { fetchDnsComponent } from './fetch-dns.descriptor.js';
import { finishWith } from './finish-with.js';
import { ipLiteralOf } from './host-key-of.js';
import { dnsLookup, systemLookup, type HostAnswer } from './resolve-host.js';

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
    if (this.config.resolver === 'dns') this.#resolver ??= new Resolver();
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
    host.ip = answer?.address;
    host.ipTtlSeconds = answer?.ttlSeconds;
    if (answer === undefined) return finishWith(curi, FetchStatus.DOMAIN_UNRESOLVABLE);
    this.#record(curi, name, answer, c);
    return PROCEED;
  }

  /** An IP literal answers itself; then hostsMap; then the configured resolver. */
  async #resolve(name: string): Promise<HostAnswer | undefined> {
    const literal = ipLiteralOf(name);
    if (literal !== undefined) return { address: literal };
    const mapped = this.config.hostsMap[name];
    if (mapped !== undefined) return { address: mapped };
    if (this.config.resolver === 'system') return systemLookup(name);
    const answer = await dnsLookup((this.#resolver ??= new Resolver()), name);
    if (answer !== undefined || !(this.config.acceptNonDnsResolves || name === 'localhost')) return answer;
    return systemLookup(name);
  }

  #record(curi: CrawlUri, name: string, answer: HostAnswer, c: ConfigOf<typeof fetchDnsComponent>): void {
    const text = dnsRecordText(curi.fetchBeginTime, name, answer.address, answer.ttlSeconds);
    const bytes = Buffer.from(text, 'latin1');
    curi.fetchStatus = FetchStatus.DNS_SUCCESS;
    curi.contentType = 'text/dns';
    curi.contentSize = bytes.length;
    curi.text = text;
    curi.dnsTtlSeconds = answer.ttlSeconds;
    if (c.digestContent) curi.contentDigest = contentDigest(c.digestAlgorithm, bytes);
  }
}
