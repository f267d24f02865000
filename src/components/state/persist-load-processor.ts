import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { FetchHistory } from '../../model/fetch-history.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { defaultFetchHistory } from './default-fetch-history.js';
import { PERSIST_PROPS, PERSIST_REFS, PRELOAD_PROPS, validatePersistProcessor } from './persist-processor-props.js';

export const persistLoadProcessorComponent = defineComponent({
  name: 'PersistLoadProcessor',
  aliases: ['org.archive.modules.recrawl.PersistLoadProcessor'],
  description:
    'Fetch chain, before the fetchers: loads what the fetch history holds of the URI, so that FetchHTTP can send ' +
    'If-None-Match and If-Modified-Since and FetchHistoryProcessor can tell whether the document changed. Needs no ' +
    'FetchHistoryStore bean: as in Heritrix, the history is then kept in the crawl\'s state store (`historyDbName`).',
  kinds: ['Processor'],
  props: { ...PERSIST_PROPS, ...PRELOAD_PROPS },
  refs: PERSIST_REFS,
  validate: validatePersistProcessor,
  load: async (): Promise<ComponentClass> => PersistLoadProcessor,
});

/** Heritrix's PersistLoadProcessor: the URI's fetch history, before it is fetched. */
export class PersistLoadProcessor extends Processor<typeof persistLoadProcessorComponent> {
  #history?: FetchHistory;

  async start(): Promise<void> {
    const { fetchHistory, bdbModule, historyDbName } = this.config;
    this.#history ??= fetchHistory ?? (await defaultFetchHistory(bdbModule!, historyDbName));
  }

  protected override shouldProcess(curi: CrawlUri): boolean {
    return !curi.isPrerequisite && !curi.uri.startsWith('dns:');
  }

  protected async innerProcess(curi: CrawlUri): Promise<ProcessResult> {
    const history = this.#history ?? this.config.fetchHistory;
    if (!history) throw new Error('PersistLoadProcessor was used before start()');
    curi.history = await history.load(curi.uri);
    return PROCEED;
  }
}
