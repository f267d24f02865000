import { parse } from 'tldts';
import { Configurable } from '../../model/configurable.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { QueueAssignmentPolicy } from '../../model/uri-policies.js';
import { DEFAULT_QUEUE_KEY, surtAuthorityQueueKey } from '../../util/url/surt-authority-queue-key.js';
import type { assignmentLevelSurtQueueAssignmentPolicyComponent } from './assignment-level-surt-queue-assignment-policy.descriptor.js';
import { policyBasis } from './policy-basis.js';

const PRIVATE_TOO = { allowPrivateDomains: true } as const;

/**
 * Heritrix's AssignmentLevelSurtQueueAssignmentPolicy: the SURT authority key reduced to the
 * assignment-level domain's SURT prefix (`com,example,`, port dropped, as Heritrix keeps only what
 * its suffix regex matched), then the parallelQueues suffix, as Heritrix adds it after reducing.
 */
export class AssignmentLevelSurtQueueAssignmentPolicy extends Configurable<typeof assignmentLevelSurtQueueAssignmentPolicyComponent> implements QueueAssignmentPolicy {

  queueKey(curi: CrawlUri): string {
    const { deferToPrevious, forceQueueAssignment, parallelQueues } = this.configFor(curi);
    if (deferToPrevious && curi.queueKey !== '') return curi.queueKey;
    const basis = policyBasis(curi);
    // whois: URIs share one queue even against forceQueueAssignment, as in Heritrix.
    if (curi.uri.startsWith('whois:')) return 'whois...';
    if (forceQueueAssignment !== '') return forceQueueAssignment;
    const key = surtAuthorityQueueKey(basis, { parallelQueues }, basis === curi.uri ? curi.candidateSurt : undefined);
    // Heritrix reduces the key, so a URI without authority (mailto:) stays in the default queue.
    if (key === DEFAULT_QUEUE_KEY) return key;
    const domain = parse(basis, PRIVATE_TOO).domain;
    // No domain (an IP address, a host with no known suffix, a suffix itself): Heritrix's regex finds nothing and the key stays.
    if (domain === null || domain === '') return key;
    const plus = key.lastIndexOf('+');
    const subqueue = plus >= 0 && /^\+\d+$/.test(key.slice(plus)) ? key.slice(plus) : '';
    return domain.split('.').reverse().join(',') + ',' + subqueue;
  }
}
