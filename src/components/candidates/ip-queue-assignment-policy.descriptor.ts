import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { AUTHORITY_POLICY_PROPS } from './hostname-queue-assignment-policy.descriptor.js';

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
  load: async (): Promise<ComponentClass> => (await import('./ip-queue-assignment-policy.js')).IpQueueAssignmentPolicy,
});
