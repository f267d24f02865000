import { isIP } from 'node:net';
import { defineComponent, type BeanView, type ComponentClass, type ValidationIssue } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { DIGEST_ALGORITHMS } from './content-digest.js';

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
    hostsMap: {
      type: 'object', additionalProperties: { type: 'string' }, default: {},
      description: 'Host names mapped to addresses, consulted before any resolver (tests, intranets).',
    },
    digestContent: { type: 'boolean', default: true, overlayable: true, description: 'Compute the digest of the DNS record.' },
    digestAlgorithm: { type: 'string', enum: DIGEST_ALGORITHMS, default: 'sha1', description: 'The digest algorithm.' },
  },
  refs: {
    ...PROCESSOR_REFS,
    serverCache: { kind: 'ServerCache', autowire: true, required: true, description: 'Where addresses are recorded.' },
  },
  validate: validateFetchDns,
  load: async (): Promise<ComponentClass> => (await import('./fetch-dns.js')).FetchDns,
});

function validateFetchDns(bean: BeanView): ValidationIssue[] {
  const map = (bean.config.hostsMap ?? {}) as Record<string, string>;
  return Object.entries(map)
    .filter(([, address]) => isIP(address) === 0)
    .map(([host, address]) => ({ property: 'hostsMap', message: `maps "${host}" to "${address}", which is not an IP address` }));
}
