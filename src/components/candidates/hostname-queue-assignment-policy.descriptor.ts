import { defineComponent, type ComponentClass, type PropSpec } from '../../beans/registry/component-descriptor.js';

/** The properties of Heritrix's URIAuthorityBasedQueueAssignmentPolicy, as SurtAuthorityQueueAssignmentPolicy has them. */
export const AUTHORITY_POLICY_PROPS = {
  parallelQueues: {
    type: 'integer', default: 1, minimum: 1, overlayable: true,
    description: 'Spread each host over this many queues by the first path segment (`+N` key suffix); 1 keeps one queue a host.',
  },
  forceQueueAssignment: { type: 'string', default: '', overlayable: true, description: 'When set, every URI goes to this queue (typically set by a sheet for some sites).' },
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
  load: async (): Promise<ComponentClass> => (await import('./hostname-queue-assignment-policy.js')).HostnameQueueAssignmentPolicy,
});
