import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { surtAuthorityQueueAssignmentPolicyComponent } from './surt-authority-queue-assignment-policy.js';

// Apart from its class, so that verify does not initialise tldts (its Public Suffix List): see CONTRIBUTING.md, "Adding a component".
export const assignmentLevelSurtQueueAssignmentPolicyComponent = defineComponent({
  name: 'AssignmentLevelSurtQueueAssignmentPolicy',
  aliases: ['org.archive.crawler.frontier.AssignmentLevelSurtQueueAssignmentPolicy'],
  description:
    'Puts each URI in the queue of its assignment-level domain (public suffix plus one label, private suffixes ' +
    'counting, as Heritrix\'s suffix list does): `www.example.co.uk` and `shop.example.co.uk:8080` share ' +
    '`uk,co,example,`. An IP address or a host with no known suffix keeps its SURT authority key, port included ' +
    '(`127.0.0.1#8080`). Otherwise as SurtAuthorityQueueAssignmentPolicy: prerequisites join the queue of the URI ' +
    'that needs them, all whois: URIs share one queue.',
  kinds: ['QueueAssignmentPolicy'],
  props: { ...surtAuthorityQueueAssignmentPolicyComponent.props },
  load: async (): Promise<ComponentClass> =>
    (await import('./assignment-level-surt-queue-assignment-policy.js')).AssignmentLevelSurtQueueAssignmentPolicy,
});
