import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import type { extractorSwfComponent } from './extractor-swf.descriptor.js';

export type ExtractorSwfConfig = ConfigOf<typeof extractorSwfComponent>;

/** Heritrix's ExtractorSWF, as a no-op: it takes Heritrix's properties and processes no URI. */
export class ExtractorSwf extends Processor<typeof extractorSwfComponent> {

  protected override shouldProcess(_curi: CrawlUri): boolean {
    return false;
  }

  protected innerProcess(_curi: CrawlUri): ProcessResult {
    return PROCEED;
  }
}
