import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import type { ContentDigestEntry } from '../../model/content-digest-history.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { log14Date } from '../../util/log14-date.js';
import { hasDigestedPayload } from './content-digest-history-loader.js';

export const contentDigestHistoryStorerComponent = defineComponent({
  name: 'ContentDigestHistoryStorer',
  aliases: ['org.archive.modules.recrawl.ContentDigestHistoryStorer'],
  description:
    'Disposition chain, right after the WARC writer (as Heritrix documents it): keeps in the content digest history, under the payload digest, the capture ' +
    'the writer wrote as a `response` record (URL, WARC-Date, WARC-Record-ID, file, offset), so that later captures of the ' +
    'same payload, under any URL and in later runs or jobs sharing the history, are written as revisits of it; for a ' +
    'revisit it counts one capture more (`content-digest-count`), as Heritrix does.',
  kinds: ['Processor'],
  props: { ...PROCESSOR_PROPS },
  refs: {
    ...PROCESSOR_REFS,
    contentDigestHistory: { kind: 'ContentDigestHistory', required: true, autowire: true, description: 'The history written to (BdbContentDigestHistory).' },
  },
  load: async (): Promise<ComponentClass> => ContentDigestHistoryStorer,
});

/** Heritrix's ContentDigestHistoryStorer. */
export class ContentDigestHistoryStorer extends Processor<typeof contentDigestHistoryStorerComponent> {
  /** Behind the URI's chain, after the WARC writer whose response record it keeps (Processor.writesBehind). */
  protected override get writesBehind(): boolean {
    return true;
  }

  protected override shouldProcess(curi: CrawlUri): boolean {
    return hasDigestedPayload(curi);
  }

  readonly #done = new WeakMap<CrawlUri, () => void>();

  /** Before the URI's turn ends: the history hears that an entry for its digest is coming, so that a lookup waits for it. */
  protected override ahead(curi: CrawlUri): ProcessResult {
    const history = this.config.contentDigestHistory;
    if (history.expect) {
      let done!: () => void;
      history.expect(curi.contentDigest!, new Promise<void>((resolve) => (done = resolve)));
      // innerProcess always follows in the URI's lane (an earlier writer's failure included), and says it is done.
      this.#done.set(curi, done);
    }
    return PROCEED;
  }

  /** Behind the writer: what it wrote (writtenResponse) is known only now. */
  protected innerProcess(curi: CrawlUri): ProcessResult {
    try {
      const entry = entryOf(curi);
      if (entry) this.config.contentDigestHistory.store(curi.contentDigest!, entry);
    } finally {
      this.#done.get(curi)?.();
      this.#done.delete(curi);
    }
    return PROCEED;
  }
}

/** What the history keeps after this URI: the response record written for it, or its revisit counted. */
export function entryOf(curi: CrawlUri): ContentDigestEntry | undefined {
  const written = curi.writtenResponse;
  if (written !== undefined) {
    return {
      'original-url': written.url,
      'content-written-date': log14Date(written.date),
      'warc-record-id': written.recordId.replace(/^<|>$/g, ''),
      'warc-filename': written.warcFilename,
      'warc-file-offset': written.warcFileOffset,
      'content-digest-count': 1,
    };
  }
  const earlier = curi.contentDigestHistory;
  return earlier && { ...earlier, 'content-digest-count': (earlier['content-digest-count'] ?? 1) + 1 };
}
