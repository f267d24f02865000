import type { ConfigOf } from '../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../model/crawl-uri.js';
import { PROCEED, Processor, type ProcessResult } from '../model/processor.js';
import type { dispositionProcessorComponent } from './disposition-processor.descriptor.js';

/** Heritrix's DispositionProcessor: how long the URI's queue rests. */
export class DispositionProcessor extends Processor {
  constructor(readonly props: ConfigOf<typeof dispositionProcessorComponent>) {
    super(props);
  }

  protected innerProcess(curi: CrawlUri): ProcessResult {
    curi.politenessDelayMs = this.delayFor(curi);
    return PROCEED;
  }

  /** No rest after a URI that made no request (dns:, robots-precluded, deferred). */
  delayFor(curi: CrawlUri): number {
    if (curi.fetchBeginTime === 0 || curi.uri.startsWith('dns:')) return 0;
    const { delayFactor, minDelayMs, maxDelayMs, respectCrawlDelayUpToSeconds } = curi.configFor(this.beanName, this.props);
    let delay = Math.min(Math.max(delayFactor * curi.fetchDurationMs, minDelayMs), maxDelayMs);
    if (curi.requestedDelayMs !== undefined) delay = Math.max(delay, Math.min(curi.requestedDelayMs, respectCrawlDelayUpToSeconds * 1000));
    return Math.round(delay);
  }
}
