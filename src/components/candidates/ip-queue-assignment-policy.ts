import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { hostKeysOf } from '../../util/url/host-keys-of.js';
import { HostnameQueueAssignmentPolicy } from './hostname-queue-assignment-policy.js';
import type { ipQueueAssignmentPolicyComponent } from './ip-queue-assignment-policy.descriptor.js';
import { policyBasis } from './policy-basis.js';

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
