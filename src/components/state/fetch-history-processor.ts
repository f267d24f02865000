import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { Hop } from '../../model/hop.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { classifyDelta } from './classify-delta.js';
import type { fetchHistoryProcessorComponent } from './fetch-history-processor.descriptor.js';

/** Heritrix's FetchHistoryProcessor, judging change as SAP's delta crawls do. */
export class FetchHistoryProcessor extends Processor<typeof fetchHistoryProcessorComponent> {

  protected override shouldProcess(curi: CrawlUri): boolean {
    return !curi.isPrerequisite && !curi.uri.startsWith('dns:');
  }

  protected innerProcess(curi: CrawlUri, options: ConfigOf<typeof fetchHistoryProcessorComponent>): ProcessResult {
    curi.delta = classifyDelta(curi, curi.history, options);
    if (curi.delta === undefined) return PROCEED;
    if (curi.fetchStatus === 304 && curi.outlinks.length === 0 && curi.history?.outlinks) {
      for (const [uri, hop, context] of curi.history.outlinks) curi.outlinks.push({ uri, hop: hop as Hop, context });
    }
    if (!this.config.fetchHistory.deltaCrawl) curi.delta = undefined;
    else curi.annotations.push(`delta:${curi.delta}`);
    return PROCEED;
  }
}
