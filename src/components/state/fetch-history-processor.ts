import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { Hop } from '../../model/hop.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { REVISIT_ANNOTATION, revisitProfileOf } from '../../model/revisit-profile.js';
import { classifyDelta } from './classify-delta.js';

export const fetchHistoryProcessorComponent = defineComponent({
  name: 'FetchHistoryProcessor',
  aliases: ['org.archive.modules.recrawl.FetchHistoryProcessor'],
  description:
    'Fetch chain, after the fetchers: tells whether a document is new, changed or unchanged against its fetch history, ' +
    'with SAP\'s parameters: the signals compared (checksum, ETag, Last-Modified) and whether one differing signal makes a ' +
    'change (OR) or all must (AND). Where the server gives none of them, SMILA\'s order decides: digest, then ' +
    'Last-Modified, then size and MIME type. A 304, or an unchanged document, gets its stored outlinks back, so the crawl ' +
    'still reaches what lies behind it.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    useChecksum: { type: 'boolean', default: true, overlayable: true, description: 'Compare the content digest.' },
    useETag: { type: 'boolean', default: true, overlayable: true, description: 'Compare the ETag header.' },
    useLastModified: { type: 'boolean', default: true, overlayable: true, description: 'Compare the Last-Modified header (a file\'s modification time).' },
    changeCondition: { type: 'string', enum: ['OR', 'AND'], default: 'OR', overlayable: true, description: 'OR: changed when any compared signal ' +
      'differs; AND: only when every one does.' },
    historyLength: { type: 'integer', default: 2, minimum: 1, description: 'Accepted for Heritrix files; the history\'s length is ' +
      'FetchHistoryStore.historyLength.' },
  },
  refs: {
    ...PROCESSOR_REFS,
    fetchHistory: { kind: 'FetchHistory', autowire: true, description: 'Says whether this run is a delta run; without a FetchHistoryStore bean it ' +
      'is not (the processors keep their history in the state store, as in Heritrix).' },
  },
  load: async (): Promise<ComponentClass> => FetchHistoryProcessor,
});

/** Heritrix's FetchHistoryProcessor, judging change as SAP's delta crawls do. */
export class FetchHistoryProcessor extends Processor<typeof fetchHistoryProcessorComponent> {

  protected override shouldProcess(curi: CrawlUri): boolean {
    return !curi.isPrerequisite && !curi.uri.startsWith('dns:');
  }

  protected innerProcess(curi: CrawlUri, options: ConfigOf<typeof fetchHistoryProcessorComponent>): ProcessResult {
    curi.delta = classifyDelta(curi, curi.history, options);
    // Heritrix's annotation of a revisit comes first; a delta run's verdict follows as its own.
    const revisit = revisitProfileOf(curi);
    // ContentDigestHistoryLoader, when it ran first, has annotated a revisit it found.
    if (revisit !== undefined && !curi.annotations.includes(REVISIT_ANNOTATION[revisit])) curi.annotations.push(REVISIT_ANNOTATION[revisit]);
    if (curi.delta === undefined) return PROCEED;
    if (curi.fetchStatus === 304 && curi.outlinks.length === 0 && curi.history?.outlinks) {
      for (const [uri, hop, context] of curi.history.outlinks) curi.outlinks.push({ uri, hop: hop as Hop, context });
    }
    if (!this.config.fetchHistory?.deltaCrawl) curi.delta = undefined;
    else curi.annotations.push(`delta:${curi.delta}`);
    return PROCEED;
  }
}
