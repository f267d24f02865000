import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';

export const frontierPreparerComponent = defineComponent({
  name: 'FrontierPreparer',
  aliases: ['org.archive.crawler.prefetch.FrontierPreparer'],
  description:
    'Candidate chain: readies a URI for the frontier: its uniqueness key (canonicalization policy), its queue ' +
    '(queue assignment policy) and its precedence within the queue (0 for prerequisites, 1 for the rest, in the ' +
    'order found: breadth-first).',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    preferenceDepthHops: {
      type: 'integer', default: -1, minimum: -1, overlayable: true,
      description: 'Heritrix: URIs within this many hops of a seed go before the rest (0 depth-first, -1 breadth-first). Accepted; not yet applied: the frontier orders by precedence, then order found.',
    },
    preferenceEmbedHops: {
      type: 'integer', default: 1, minimum: 0, overlayable: true,
      description: 'Heritrix: embeds within this many trailing embed hops go before links. Accepted; not yet applied (see preferenceDepthHops).',
    },
  },
  refs: {
    ...PROCESSOR_REFS,
    canonicalizationPolicy: {
      kind: 'CanonicalizationPolicy', autowire: true,
      description: 'Makes the uniqueness key; without one, a RulesCanonicalizationPolicy with the default rules.',
    },
    queueAssignmentPolicy: {
      kind: 'QueueAssignmentPolicy', autowire: true,
      description: 'Names the queue; without one, a SurtAuthorityQueueAssignmentPolicy with its defaults.',
    },
  },
  load: async (): Promise<ComponentClass> => (await import('./frontier-preparer.js')).FrontierPreparer,
});
