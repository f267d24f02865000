import type { ConfigOf } from '../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../model/crawl-uri.js';
import { PROCEED, Processor, type ProcessResult } from '../model/processor.js';
import type { dispositionProcessorComponent } from './disposition-processor.descriptor.js';

/** Heritrix's DispositionProcessor: how long the URI's queue rests. */
export class DispositionProcessor extends Processor<typeof dispositionProcessorComponent> {

  protected innerProcess(curi: CrawlUri, c: ConfigOf<typeof dispositionProcessorComponent>): ProcessResult {
    curi.politenessDelayMs = delayFor(curi, c);
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
