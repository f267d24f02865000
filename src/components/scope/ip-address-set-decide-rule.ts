import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import { isIpAddress } from './fetch-result-decide-rules-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { hostKeysOf } from '../../util/url/host-keys-of.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

export const ipAddressSetDecideRuleComponent = defineComponent({
  name: 'IpAddressSetDecideRule',
  aliases: ['org.archive.modules.deciderules.IpAddressSetDecideRule'],
  description:
    'Gives its decision to URIs whose host\'s address is one of `ipAddresses`: the address a fetch connected to, else the one DNS ' +
    'gave (serverCache), else the host itself when written as an address. A host not looked up yet has no address, so in a scope ' +
    'the rule mostly sees URIs of hosts already visited (Heritrix advises `preselector.recheckScope=true`). dns: URIs never match.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('ACCEPT'),
    ipAddresses: {
      type: 'array', items: { type: 'string' }, default: [],
      description: 'Addresses as written by the resolver: dotted IPv4 (`127.0.0.1`), compressed IPv6 (`::1`).',
      examples: [['127.0.0.1', '10.0.0.8']],
    },
  },
  refs: {
    serverCache: { kind: 'ServerCache', autowire: true, required: true, description: 'Where the addresses DNS gave are kept.' },
  },
  validate: (bean) => {
    const list = Array.isArray(bean.config.ipAddresses) ? (bean.config.ipAddresses as unknown[]) : [];
    return list.flatMap((a, i) => (isIpAddress(String(a)) ? [] : [{ property: 'ipAddresses', message: `ipAddresses[${i}] "${String(a)}" is not an ` +
      `IP address` }]));
  },
  load: async (): Promise<ComponentClass> => IpAddressSetDecideRule,
});

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
