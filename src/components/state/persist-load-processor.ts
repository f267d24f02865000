import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import type { persistLoadProcessorComponent } from './persist-load-processor.descriptor.js';

/** Heritrix's PersistLoadProcessor: the URI's fetch history, before it is fetched. */
export class PersistLoadProcessor extends Processor<typeof persistLoadProcessorComponent> {

  protected override shouldProcess(curi: CrawlUri): boolean {
    return !curi.isPrerequisite && !curi.uri.startsWith('dns:');
  }

  protected async innerProcess(curi: CrawlUri): Promise<ProcessResult> {
    curi.history = await this.config.fetchHistory.load(curi.uri);
    return PROCEED;
  }
}
