import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

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
    forceQueueAssignment: { type: 'string', default: '', overlayable: true, description: 'When set, every URI goes to this queue (typically set by a sheet for some sites).' },
    deferToPrevious: { type: 'boolean', default: true, overlayable: true, description: 'Keep a queue key a URI already has instead of computing a new one.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./surt-authority-queue-assignment-policy.js')).SurtAuthorityQueueAssignmentPolicy,
});
