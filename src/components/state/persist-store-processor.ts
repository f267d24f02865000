import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { FetchHistory } from '../../model/fetch-history.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { defaultFetchHistory } from './default-fetch-history.js';
import { PERSIST_PROPS, PERSIST_REFS, validatePersistProcessor } from './persist-processor-props.js';

export const persistStoreProcessorComponent = defineComponent({
  name: 'PersistStoreProcessor',
  aliases: ['org.archive.modules.recrawl.PersistStoreProcessor'],
  description:
    'Disposition chain, last: stores the URI\'s fetch in its history (with the commit that counts the URI done): status, ' +
    'validators, digest, outlinks, and the counts that decide deletions. Needs no FetchHistoryStore bean: as in Heritrix, ' +
    'the history is then kept in the crawl\'s state store (`historyDbName`).',
  kinds: ['Processor'],
  props: PERSIST_PROPS,
  refs: PERSIST_REFS,
  validate: validatePersistProcessor,
  load: async (): Promise<ComponentClass> => PersistStoreProcessor,
});

/** Heritrix's PersistStoreProcessor. */
export class PersistStoreProcessor extends Processor<typeof persistStoreProcessorComponent> {
  #history?: FetchHistory;

  /**
   * Behind the URI's chain, last in its lane (Processor.writesBehind): the history takes the fetch
   * after the writers and receivers before it have written it and marked the URI, in the commit
   * that counts the URI done. Staged at once, it could be committed first: a kill then left the
   * new digest in the history and the document untold, and the URI, fetched again, was unchanged.
   */
  protected override get writesBehind(): boolean {
    return true;
  }

  async start(): Promise<void> {
    const { fetchHistory, bdbModule, historyDbName } = this.config;
    this.#history ??= fetchHistory ?? (await defaultFetchHistory(bdbModule!, historyDbName));
  }

  protected override shouldProcess(curi: CrawlUri): boolean {
    // A URI waiting behind a prerequisite has not been fetched yet.
    return !curi.isPrerequisite && !curi.uri.startsWith('dns:') && curi.fetchStatus !== 0 && curi.prerequisite === undefined;
  }

  protected innerProcess(curi: CrawlUri): ProcessResult {
    const history = this.#history ?? this.config.fetchHistory;
    if (!history) throw new Error('PersistStoreProcessor was used before start()');
    history.record(curi);
    return PROCEED;
  }
}
