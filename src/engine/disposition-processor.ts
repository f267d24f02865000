import { defineComponent, type ComponentClass, type ConfigOf } from '../beans/registry/component-descriptor.js';
import { orderedIssues } from '../beans/registry/ordered-properties.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../model/processor-props.js';
import type { CrawlUri } from '../model/crawl-uri.js';
import { PROCEED, Processor, type ProcessResult } from '../model/processor.js';

export const dispositionProcessorComponent = defineComponent({
  name: 'DispositionProcessor',
  aliases: ['org.archive.crawler.postprocessor.DispositionProcessor'],
  description:
    'Politeness: after each fetch its queue rests clamp(delayFactor × fetch time, minDelayMs, maxDelayMs), raised to a ' +
    'robots.txt Crawl-delay or a 429/503 Retry-After up to respectCrawlDelayUpToSeconds.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    delayFactor: { type: 'number', default: 5, minimum: 0, overlayable: true, live: true, description: 'The rest after a fetch, as a multiple of ' +
      'how long the fetch took.' },
    minDelayMs: { type: 'integer', default: 3000, minimum: 0, overlayable: true, live: true, description: 'The shortest rest after a fetch.' },
    maxDelayMs: { type: 'integer', default: 30000, minimum: 0, overlayable: true, live: true, description: 'The longest rest the delay factor can ask for.' },
    respectCrawlDelayUpToSeconds: { type: 'integer', default: 300, minimum: 0, overlayable: true, live: true, description: 'A Crawl-delay or ' +
      'Retry-After is honoured up to this many seconds.' },
    maxPerHostBandwidthUsageKbSec: { type: 'integer', default: 0, minimum: 0, overlayable: true, description: 'Accepted for Heritrix files; not ' +
      'enforced yet.' },
    forceRetire: {
      type: 'boolean', default: false, overlayable: true,
      description: 'Retire the URI\'s queue once the URI is done: meant for sheets (Heritrix\'s `forceRetire` sheet) that stop some sites; ' +
        'set for every URI, each queue is retired after one URI, which soon ends the crawl.',
    },
  },
  refs: PROCESSOR_REFS,
  validate: (bean) => orderedIssues(bean, { property: 'minDelayMs' }, { property: 'maxDelayMs' },
    'maxDelayMs wins, as in Heritrix: every rest after a fetch is at most maxDelayMs (a robots.txt Crawl-delay aside)', 'upper', 'warning'),
  load: async (): Promise<ComponentClass> => DispositionProcessor,
});

/** Heritrix's DispositionProcessor: how long the URI's queue rests. */
export class DispositionProcessor extends Processor<typeof dispositionProcessorComponent> {

  protected innerProcess(curi: CrawlUri, c: ConfigOf<typeof dispositionProcessorComponent>): ProcessResult {
    curi.politenessDelayMs = delayFor(curi, c);
    // Heritrix's operator-set retire directive: the frontier retires the queue when the URI is done.
    if (c.forceRetire) curi.forceRetire = true;
    return PROCEED;
  }

  /** The politeness a URI's queue gets, as its sheets set it (for explain). */
  politenessFor(curi: CrawlUri): Politeness {
    const { delayFactor, minDelayMs, maxDelayMs, respectCrawlDelayUpToSeconds } = this.configFor(curi);
    return { delayFactor, minDelayMs, maxDelayMs, respectCrawlDelayUpToSeconds };
  }
}

export interface Politeness {
  readonly delayFactor: number;
  readonly minDelayMs: number;
  readonly maxDelayMs: number;
  readonly respectCrawlDelayUpToSeconds: number;
}

/** How long the queue rests after a URI; none after a URI that made no request (dns:, robots-precluded, deferred). */
function delayFor(curi: CrawlUri, c: Politeness): number {
    if (curi.fetchBeginTime === 0 || curi.uri.startsWith('dns:')) return 0;
    const { delayFactor, minDelayMs, maxDelayMs, respectCrawlDelayUpToSeconds } = c;
    let delay = Math.min(Math.max(delayFactor * curi.fetchDurationMs, minDelayMs), maxDelayMs);
    if (curi.requestedDelayMs !== undefined) delay = Math.max(delay, Math.min(curi.requestedDelayMs, respectCrawlDelayUpToSeconds * 1000));
    return Math.round(delay);
}
