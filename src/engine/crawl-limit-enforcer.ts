import { defineComponent, type ComponentClass } from '../beans/registry/component-descriptor.js';
import type { CrawlLimiter, CrawlTotals } from '../model/crawl-control.js';
import { Configurable } from '../model/configurable.js';

export const crawlLimitEnforcerComponent = defineComponent({
  name: 'CrawlLimitEnforcer',
  aliases: ['org.archive.crawler.framework.CrawlLimitEnforcer'],
  description: 'Soft limits: when one is reached the crawl stops taking new URIs, finishes those in flight and ends with the matching exit status.',
  kinds: ['CrawlLimiter'],
  props: {
    maxBytesDownload: { type: 'integer', default: 0, minimum: 0, live: true, description: 'Stop after this many bytes downloaded (0: no limit), ' +
      'counted as Heritrix counts its crawled bytes: each response as recorded, status line, headers and chunk framing included (a 304 adds the ' +
      'length it confirms). Exit status FINISHED_DATA_LIMIT.' },
    maxDocumentsDownload: { type: 'integer', default: 0, minimum: 0, live: true, description: 'Stop after this many successful fetches (0: no ' +
      'limit). Exit status FINISHED_DOCUMENT_LIMIT.' },
    maxTimeSeconds: { type: 'integer', default: 0, minimum: 0, live: true, description: 'Stop after this long (0: no limit). Exit status ' +
      'FINISHED_TIME_LIMIT.' },
    maxNovelBytes: { type: 'integer', default: 0, minimum: 0, description: 'Accepted for Heritrix files; not enforced until fetch history exists.' },
    maxNovelUrls: { type: 'integer', default: 0, minimum: 0, description: 'Accepted for Heritrix files; not enforced until fetch history exists.' },
    maxWarcNovelBytes: { type: 'integer', default: 0, minimum: 0, description: 'Accepted for Heritrix files; not enforced until WARC writing exists.' },
    maxWarcNovelUrls: { type: 'integer', default: 0, minimum: 0, description: 'Accepted for Heritrix files; not enforced until WARC writing exists.' },
  },
  load: async (): Promise<ComponentClass> => CrawlLimitEnforcer,
});

export type LimitExit = 'FINISHED_DATA_LIMIT' | 'FINISHED_DOCUMENT_LIMIT' | 'FINISHED_TIME_LIMIT';

/** Heritrix's CrawlLimitEnforcer: says which limit, if any, the crawl has reached. */
export class CrawlLimitEnforcer extends Configurable<typeof crawlLimitEnforcerComponent> implements CrawlLimiter {
  reached(t: CrawlTotals): LimitExit | undefined {
    const c = this.config;
    if (c.maxBytesDownload > 0 && t.bytes >= c.maxBytesDownload) return 'FINISHED_DATA_LIMIT';
    if (c.maxDocumentsDownload > 0 && t.documents >= c.maxDocumentsDownload) return 'FINISHED_DOCUMENT_LIMIT';
    if (c.maxTimeSeconds > 0 && t.elapsedMs >= c.maxTimeSeconds * 1000) return 'FINISHED_TIME_LIMIT';
    return undefined;
  }
}
