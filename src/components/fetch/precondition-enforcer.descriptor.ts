import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';

export const preconditionEnforcerComponent = defineComponent({
  name: 'PreconditionEnforcer',
  aliases: ['org.archive.crawler.prefetch.PreconditionEnforcer'],
  description:
    'Makes sure an http(s) URI can be fetched: its host has a fresh address (else a `dns:` prerequisite is scheduled, ' +
    'status -50) and its server a fresh robots.txt (else a `/robots.txt` prerequisite, status -50); then applies ' +
    'robots.txt (status -9998 when it disallows the URI, -61 while robots.txt cannot be had) and passes its Crawl-delay on.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    ipValidityDurationSeconds: {
      type: 'integer', minimum: 0, default: 21600, overlayable: true,
      description: 'How long a DNS answer is trusted, in seconds; the answer\'s TTL when longer. 0 = never look a host up again.',
    },
    robotsValidityDurationSeconds: {
      type: 'integer', minimum: 0, default: 86400, overlayable: true,
      description: 'How long a fetched robots.txt is trusted before it is fetched again, in seconds; 0 = never expire.',
    },
    robotsRetrySeconds: {
      type: 'integer', minimum: 0, default: 60, overlayable: true,
      description: 'While robots.txt cannot be had (a 5xx answer or none), URIs of that server fail with -61; after this many seconds robots.txt is fetched again.',
    },
    calculateRobotsOnly: {
      type: 'boolean', default: false, overlayable: true,
      description: 'Only annotate URIs that robots.txt disallows (`robotExcluded`) and fetch them anyway.',
    },
  },
  refs: {
    ...PROCESSOR_REFS,
    serverCache: { kind: 'ServerCache', autowire: true, required: true, description: 'Where addresses and robots.txt are kept.' },
    metadata: { kind: 'CrawlMetadata', autowire: true, required: true, description: 'The user agent robots.txt is read for, and the robots policy.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./precondition-enforcer.js')).PreconditionEnforcer,
});
