import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import type { persistStoreProcessorComponent } from './persist-store-processor.descriptor.js';

/** Heritrix's PersistStoreProcessor. */
export class PersistStoreProcessor extends Processor<typeof persistStoreProcessorComponent> {

  protected override shouldProcess(curi: CrawlUri): boolean {
    // A URI waiting behind a prerequisite has not been fetched yet.
    return !curi.isPrerequisite && !curi.uri.startsWith('dns:') && curi.fetchStatus !== 0 && curi.prerequisite === undefined;
  }

  protected innerProcess(curi: CrawlUri): ProcessResult {
    this.config.fetchHistory.record(curi);
    return PROCEED;
  }
}
