import { defineComponent, type ComponentClass, type ConfigOf } from '../beans/registry/component-descriptor.js';
import { orderedIssues } from '../beans/registry/ordered-properties.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../model/processor-props.js';
import type { CrawlUri } from '../model/crawl-uri.js';
import { politenessDelayMs, type Politeness } from '../model/politeness.js';
import { PROCEED, Processor, type ProcessResult } from '../model/processor.js';
import { priceHeadersOf } from './price-headers-of.js';

export const dispositionProcessorComponent = defineComponent({
  name: 'DispositionProcessor',
  aliases: ['org.archive.crawler.postprocessor.DispositionProcessor'],
  description:
    'Politeness: after each fetch its queue rests clamp(delayFactor × fetch time, minDelayMs, maxDelayMs), raised to a ' +
    'robots.txt Crawl-delay or a 429/503 Retry-After up to respectCrawlDelayUpToSeconds. A `402 Payment Required` (pay-per-crawl) ' +
    'retires its queue, with an alert naming the price headers it carried.',
  kinds: ['Processor', 'Politeness'],
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
    retireOnPaymentRequired: {
      type: 'boolean', default: true, overlayable: true,
      description: 'Retire (park) the queue of a URI answered `402 Payment Required`, so that its site is not asked again and again for what ' +
        'it wants paid; an alert in alerts.log names the queue and the price headers (`crawler-price`, `crawler-charged`, any `*-price`). ' +
        'The queue keeps its URIs: reactivate it once paid (the console, or the queues route). A sheet can switch it off for a site.',
    },
  },
  refs: {
    ...PROCESSOR_REFS,
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'Receives the alert of a queue retired on a 402.' },
  },
  validate: (bean) => orderedIssues(bean, { property: 'minDelayMs' }, { property: 'maxDelayMs' },
    'maxDelayMs wins, as in Heritrix: every rest after a fetch is at most maxDelayMs (a robots.txt Crawl-delay aside)', 'upper', 'warning'),
  load: async (): Promise<ComponentClass> => DispositionProcessor,
});

/** Heritrix's DispositionProcessor: how long the URI's queue rests. */
export class DispositionProcessor extends Processor<typeof dispositionProcessorComponent> {

  protected innerProcess(curi: CrawlUri, c: ConfigOf<typeof dispositionProcessorComponent>): ProcessResult {
    curi.politenessDelayMs = politenessDelayMs(curi, c);
    // Heritrix's operator-set retire directive: the frontier retires the queue when the URI is done.
    if (c.forceRetire) curi.forceRetire = true;
    if (curi.fetchStatus === PAYMENT_REQUIRED && c.retireOnPaymentRequired) this.#park(curi);
    return PROCEED;
  }

  /** A 402: the queue is retired when the URI is done (never asked again in a loop), and the operator told what the site asks. */
  #park(curi: CrawlUri): void {
    curi.forceRetire = true;
    curi.annotations.push('paymentRequired');
    const prices = priceHeadersOf(curi.response?.headers ?? {});
    this.config.loggerModule?.alert?.('WARNING', `queue ${curi.queueKey} retired: ${curi.uri} answered 402 Payment Required` +
      `${prices.length > 0 ? ` with ${prices.join(', ')}` : ' without a price header'}; its URIs wait until the queue is reactivated`);
  }

  /** The politeness a URI's queue gets, as its sheets set it (for explain). */
  politenessFor(curi: CrawlUri): Politeness {
    const { delayFactor, minDelayMs, maxDelayMs, respectCrawlDelayUpToSeconds } = this.configFor(curi);
    return { delayFactor, minDelayMs, maxDelayMs, respectCrawlDelayUpToSeconds };
  }
}

const PAYMENT_REQUIRED = 402;

export type { Politeness };
