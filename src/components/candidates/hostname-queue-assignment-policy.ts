import { defineComponent, type ComponentClass, type PropSpec, type ComponentDescriptor, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { Configurable } from '../../model/configurable.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { QueueAssignmentPolicy } from '../../model/uri-policies.js';
import { DEFAULT_QUEUE_KEY, surtAuthorityQueueKey } from '../../util/url/surt-authority-queue-key.js';
import { policyBasis } from './policy-basis.js';

/** The properties of Heritrix's URIAuthorityBasedQueueAssignmentPolicy, as SurtAuthorityQueueAssignmentPolicy has them. */
export const AUTHORITY_POLICY_PROPS = {
  parallelQueues: {
    type: 'integer', default: 1, minimum: 1, overlayable: true,
    description: 'Spread each host over this many queues by the first path segment (`+N` key suffix); 1 keeps one queue a host.',
  },
  forceQueueAssignment: { type: 'string', default: '', overlayable: true, description: 'When set, every URI goes to this queue (typically set by a ' +
    'sheet for some sites).' },
  deferToPrevious: { type: 'boolean', default: true, overlayable: true, description: 'Keep a queue key a URI already has instead of computing a new one.' },
} as const satisfies Record<string, PropSpec>;

export const hostnameQueueAssignmentPolicyComponent = defineComponent({
  name: 'HostnameQueueAssignmentPolicy',
  aliases: ['org.archive.crawler.frontier.HostnameQueueAssignmentPolicy'],
  description:
    'Puts each URI in the queue of its host and port, keyed `hostname#port` (`www.example.org`, `www.example.org#8080`; https ' +
    'without a port is `#443`, apart from the host\'s http server). Prerequisites (dns: lookups, robots.txt) join the queue of the ' +
    'URI that needs them; all whois: URIs share one queue.',
  kinds: ['QueueAssignmentPolicy'],
  props: AUTHORITY_POLICY_PROPS,
  load: async (): Promise<ComponentClass> => HostnameQueueAssignmentPolicy,
});

export type HostnameQueueAssignmentConfig = ConfigOf<typeof hostnameQueueAssignmentPolicyComponent>;

/**
 * Heritrix's HostnameQueueAssignmentPolicy key of a URI: its authority without user info,
 * lower-cased, `:` written `#` (`www.example.org`, `www.example.org#8080`). An https URI without
 * a port gets `#443`, so it never shares a queue with the same host's http server. Undefined
 * without a host.
 */
export function hostnameKey(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  if (url.host === '') return undefined;
  const authority = url.protocol === 'https:' && url.port === '' ? `${url.host}:443` : url.host;
  return authority.toLowerCase().replaceAll(':', '#');
}

/**
 * Heritrix's HostnameQueueAssignmentPolicy: one queue per host and port, keyed from the URI's
 * policy basis (a prerequisite or dns: URI joins the queue of the URI that needed it).
 */
export class HostnameQueueAssignmentPolicy<D extends ComponentDescriptor = typeof hostnameQueueAssignmentPolicyComponent>
  extends Configurable<D> implements QueueAssignmentPolicy {
  queueKey(curi: CrawlUri): string {
    const c = this.configFor(curi) as HostnameQueueAssignmentConfig;
    if (c.deferToPrevious && curi.queueKey !== '') return curi.queueKey;
    if (c.forceQueueAssignment !== '') return c.forceQueueAssignment;
    return this.hostQueueKey(policyBasis(curi), c.parallelQueues);
  }

  /** The key of a policy basis, with the `+N` of `parallelQueues` (the same split by first path segment as SurtAuthorityQueueAssignmentPolicy's). */
  protected hostQueueKey(basis: string, parallelQueues: number): string {
    if (basis.startsWith('whois:')) return 'whois...';
    const key = hostnameKey(basis);
    if (key === undefined) return DEFAULT_QUEUE_KEY;
    if (parallelQueues <= 1) return key;
    const subqueue = /\+\d+$/.exec(surtAuthorityQueueKey(basis, { parallelQueues }));
    return subqueue ? key + subqueue[0] : key;
  }
}
