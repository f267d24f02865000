import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { hostKeysOf } from '../../util/url/host-keys-of.js';
import type { ipAddressSetDecideRuleComponent } from './fetch-result-decide-rules.descriptor.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

/**
 * Heritrix's IpAddressSetDecideRule: its decision for URIs whose host's address is one of
 * `ipAddresses`. The address is the one the fetch connected to when there was a fetch, else the
 * one DNS gave (the ServerCache), else the host itself when written as an address; a host not
 * looked up yet has none, so the rule answers NONE for it.
 */
export class IpAddressSetDecideRule extends PredicatedDecideRule<typeof ipAddressSetDecideRuleComponent> {
  readonly #addresses: ReadonlySet<string>;

  constructor(config: ConfigOf<typeof ipAddressSetDecideRuleComponent>) {
    super(config);
    this.#addresses = new Set(config.ipAddresses.map((a) => a.trim().replace(/^\[(.*)\]$/, '$1').toLowerCase()));
  }

  protected evaluate(curi: CrawlUri): boolean {
    if (this.#addresses.size === 0) return false;
    const address = this.addressOf(curi);
    return address !== undefined && this.#addresses.has(address);
  }

  /** The address of the URI's host, if known. dns: URIs have none (Heritrix would take the DNS server's). */
  addressOf(curi: CrawlUri): string | undefined {
    if (curi.uri.startsWith('dns:')) return undefined;
    if (curi.response?.ipAddress) return curi.response.ipAddress.toLowerCase();
    const keys = hostKeysOf(curi.uri);
    if (keys === undefined) return undefined;
    return keys.ipLiteral ?? this.config.serverCache.host(keys.host).ip?.toLowerCase();
  }
}
