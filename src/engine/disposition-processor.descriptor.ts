import { defineComponent, type ComponentClass } from '../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../model/processor-props.js';

export const dispositionProcessorComponent = defineComponent({
  name: 'DispositionProcessor',
  aliases: ['org.archive.crawler.postprocessor.DispositionProcessor'],
  description:
    'Politeness: after each fetch its queue rests clamp(delayFactor × fetch time, minDelayMs, maxDelayMs), raised to a ' +
    'robots.txt Crawl-delay or a 429/503 Retry-After up to respectCrawlDelayUpToSeconds.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    delayFactor: { type: 'number', default: 5, minimum: 0, overlayable: true, description: 'The rest after a fetch, as a multiple of how long the fetch took.' },
    minDelayMs: { type: 'integer', default: 3000, minimum: 0, overlayable: true, description: 'The shortest rest after a fetch.' },
    maxDelayMs: { type: 'integer', default: 30000, minimum: 0, overlayable: true, description: 'The longest rest the delay factor can ask for.' },
    respectCrawlDelayUpToSeconds: { type: 'integer', default: 300, minimum: 0, overlayable: true, description: 'A Crawl-delay or Retry-After is honoured up to this many seconds.' },
    maxPerHostBandwidthUsageKbSec: { type: 'integer', default: 0, minimum: 0, overlayable: true, description: 'Accepted for Heritrix files; not enforced yet.' },
    forceRetire: { type: 'boolean', default: false, overlayable: true, description: 'Accepted for Heritrix files; not enforced yet.' },
  },
  refs: PROCESSOR_REFS,
  load: async (): Promise<ComponentClass> => (await import('./disposition-processor.js')).DispositionProcessor,
});
