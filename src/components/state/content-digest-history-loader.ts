import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { REVISIT_ANNOTATION } from '../../model/revisit-profile.js';

export const contentDigestHistoryLoaderComponent = defineComponent({
  name: 'ContentDigestHistoryLoader',
  aliases: ['org.archive.modules.recrawl.ContentDigestHistoryLoader'],
  description:
    'Before the WARC writer (Heritrix documents it first in the disposition chain, right before the writer; anywhere after ' +
    'the fetch works): looks the payload digest of a 2xx HTTP answer with content up in the ' +
    'content digest history. When an earlier capture of the same payload is known, under any URL, the URI becomes an ' +
    'identical-payload-digest revisit of it (crawl.log annotation `duplicate:digest`), and the WARC writer writes a ' +
    '`revisit` record referring to that capture (WARC-Refers-To-Target-URI, WARC-Refers-To-Date, WARC-Refers-To) instead ' +
    'of a `response`. ContentDigestHistoryStorer, after the writer, keeps what was written.',
  kinds: ['Processor'],
  props: { ...PROCESSOR_PROPS },
  refs: {
    ...PROCESSOR_REFS,
    contentDigestHistory: { kind: 'ContentDigestHistory', required: true, autowire: true, description: 'The history looked in (BdbContentDigestHistory).' },
  },
  load: async (): Promise<ComponentClass> => ContentDigestHistoryLoader,
});

/** Heritrix's ContentDigestHistoryLoader. */
export class ContentDigestHistoryLoader extends Processor<typeof contentDigestHistoryLoaderComponent> {

  protected override shouldProcess(curi: CrawlUri): boolean {
    return hasDigestedPayload(curi) && curi.fetchStatus >= 200 && curi.fetchStatus < 300 && curi.response !== undefined;
  }

  protected async innerProcess(curi: CrawlUri): Promise<ProcessResult> {
    const entry = await this.config.contentDigestHistory.load(curi.contentDigest!);
    if (entry === undefined) return PROCEED;
    curi.contentDigestHistory = entry;
    const annotation = REVISIT_ANNOTATION['identical-payload-digest'];
    if (!curi.annotations.includes(annotation)) curi.annotations.push(annotation);
    return PROCEED;
  }
}

/** An http(s) URI with a payload and its digest: what the digest history is about. */
export function hasDigestedPayload(curi: CrawlUri): boolean {
  return curi.contentDigest !== undefined && curi.contentSize > 0 && (curi.uri.startsWith('http:') || curi.uri.startsWith('https:'));
}
