import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { Configurable } from '../../model/configurable.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { QueueAssignmentPolicy } from '../../model/uri-policies.js';
import { surtAuthorityQueueKey } from '../../util/url/surt-authority-queue-key.js';
import { policyBasis } from './policy-basis.js';

export const surtAuthorityQueueAssignmentPolicyComponent = defineComponent({
  name: 'SurtAuthorityQueueAssignmentPolicy',
  aliases: ['org.archive.crawler.frontier.SurtAuthorityQueueAssignmentPolicy'],
  description:
    'Puts each URI in the queue of its host and port, keyed by SURT authority (`org,example,www,`, ' +
    '`org,example,www,#8080`). Prerequisites (dns: lookups, robots.txt) join the queue of the URI that needs ' +
    'them; all whois: URIs share one queue.',
  kinds: ['QueueAssignmentPolicy'],
  props: {
    parallelQueues: {
      type: 'integer', default: 1, minimum: 1, overlayable: true,
      description: 'Spread each host over this many queues by the first path segment (`+N` key suffix); 1 keeps one queue a host.',
    },
    forceQueueAssignment: { type: 'string', default: '', overlayable: true, description: 'When set, every URI goes to this queue (typically set by ' +
      'a sheet for some sites).' },
    deferToPrevious: { type: 'boolean', default: true, overlayable: true, description: 'Keep a queue key a URI already has instead of computing a new one.' },
  },
  load: async (): Promise<ComponentClass> => SurtAuthorityQueueAssignmentPolicy,
});

export type SurtAuthorityQueueAssignmentConfig = ConfigOf<typeof surtAuthorityQueueAssignmentPolicyComponent>;

/** Heritrix's defaults, for a preparer given no policy. */
export const SURT_AUTHORITY_DEFAULTS: SurtAuthorityQueueAssignmentConfig = { parallelQueues: 1, forceQueueAssignment: '', deferToPrevious: true };

/**
 * Heritrix's SurtAuthorityQueueAssignmentPolicy. The key is computed from the URI's policy basis:
 * its via for a prerequisite (last hop P) or a dns: URI, so those share the triggering host's
 * queue and politeness; the URI itself otherwise.
 */
export class SurtAuthorityQueueAssignmentPolicy extends Configurable<typeof surtAuthorityQueueAssignmentPolicyComponent> implements QueueAssignmentPolicy {
  constructor(config: SurtAuthorityQueueAssignmentConfig = SURT_AUTHORITY_DEFAULTS) {
    super(config);
  }

  queueKey(curi: CrawlUri): string {
    const { deferToPrevious, forceQueueAssignment, parallelQueues } = this.configFor(curi);
    if (deferToPrevious && curi.queueKey !== '') return curi.queueKey;
    if (forceQueueAssignment !== '') return forceQueueAssignment;
    const basis = policyBasis(curi);
    // The URI's own SURT, when it is its basis, is already kept on it: only the authority is read from it.
    return surtAuthorityQueueKey(basis, { parallelQueues }, basis === curi.uri ? curi.candidateSurt : undefined);
  }
}
