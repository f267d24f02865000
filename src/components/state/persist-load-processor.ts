import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';

export const persistLoadProcessorComponent = defineComponent({
  name: 'PersistLoadProcessor',
  aliases: ['org.archive.modules.recrawl.PersistLoadProcessor'],
  description:
    'Fetch chain, before the fetchers: loads what the fetch history holds of the URI, so that FetchHTTP can send ' +
    'If-None-Match and If-Modified-Since and FetchHistoryProcessor can tell whether the document changed.',
  kinds: ['Processor'],
  props: { ...PROCESSOR_PROPS },
  refs: {
    ...PROCESSOR_REFS,
    fetchHistory: { kind: 'FetchHistory', required: true, autowire: true, description: 'The history loaded from.' },
  },
  load: async (): Promise<ComponentClass> => PersistLoadProcessor,
});

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
