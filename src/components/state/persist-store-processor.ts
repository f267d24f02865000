import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';

export const persistStoreProcessorComponent = defineComponent({
  name: 'PersistStoreProcessor',
  aliases: ['org.archive.modules.recrawl.PersistStoreProcessor'],
  description:
    'Disposition chain, last: stores the URI\'s fetch in its history (with the commit that counts the URI done): status, ' +
    'validators, digest, outlinks, and the counts that decide deletions.',
  kinds: ['Processor'],
  props: { ...PROCESSOR_PROPS },
  refs: {
    ...PROCESSOR_REFS,
    fetchHistory: { kind: 'FetchHistory', required: true, autowire: true, description: 'The history written to.' },
  },
  load: async (): Promise<ComponentClass> => PersistStoreProcessor,
});

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
