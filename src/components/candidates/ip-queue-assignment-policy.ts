import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { AUTHORITY_POLICY_PROPS } from './hostname-queue-assignment-policy.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { hostKeysOf } from '../../util/url/host-keys-of.js';
import { HostnameQueueAssignmentPolicy } from './hostname-queue-assignment-policy.js';
import { policyBasis } from './policy-basis.js';

export const ipQueueAssignmentPolicyComponent = defineComponent({
  name: 'IpQueueAssignmentPolicy',
  aliases: ['IPQueueAssignmentPolicy', 'org.archive.crawler.frontier.IPQueueAssignmentPolicy'],
  description:
    'Puts each URI in the queue of its host\'s IP address (`93.184.215.14`, no port), so hosts on one server share its politeness. ' +
    'The address comes from serverCache: until the crawl has been in touch with a host (DNS answered and robots.txt fetched) it ' +
    'is not known, and the host\'s URIs fall back to the queue HostnameQueueAssignmentPolicy gives (`www.example.org#8080`); URIs ' +
    'queued before that stay there. Prerequisites take the queue of the URI that needs them. `parallelQueues` applies to the ' +
    'fallback keys only.',
  kinds: ['QueueAssignmentPolicy'],
  props: AUTHORITY_POLICY_PROPS,
  refs: {
    serverCache: { kind: 'ServerCache', autowire: true, required: true, description: 'Where the addresses DNS gave are kept.' },
  },
  load: async (): Promise<ComponentClass> => IpQueueAssignmentPolicy,
});

/**
 * Heritrix's IPQueueAssignmentPolicy: one queue per IP address, so that hosts sharing a server
 * share its politeness. A host's URIs go to its address's queue once the crawl has been in touch
 * with it (DNS answered and its robots.txt fetched); before that no address is known and they go
 * to the host's own queue, as HostnameQueueAssignmentPolicy names it. A prerequisite takes the
 * queue its triggering URI (its via) would take now, which keeps the first contact with a host
 * (dns:, then robots.txt) in the queue its first URI waits in.
 */
export class IpQueueAssignmentPolicy extends HostnameQueueAssignmentPolicy<typeof ipQueueAssignmentPolicyComponent> {
  override queueKey(curi: CrawlUri): string {
    const c = this.configFor(curi);
    if (c.deferToPrevious && curi.queueKey !== '') return curi.queueKey;
    if (c.forceQueueAssignment !== '') return c.forceQueueAssignment;
    const basis = policyBasis(curi);
    if (basis.startsWith('whois:')) return 'whois...';
    return this.contactedAddress(basis) ?? this.hostQueueKey(basis, c.parallelQueues);
  }

  /** The address of the URI's host, once its DNS answer and its server's robots.txt are in the ServerCache. */
  contactedAddress(uri: string): string | undefined {
    const keys = hostKeysOf(uri);
    if (keys === undefined) return undefined;
    const cache = this.config.serverCache;
    const host = cache.host(keys.host);
    if (host.ip === undefined) return undefined;
    const server = keys.server === keys.host ? host : cache.host(keys.server);
    return server.robotsFetchedAt === undefined ? undefined : host.ip;
  }
}
