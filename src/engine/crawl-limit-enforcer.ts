import type { ConfigOf } from '../beans/registry/component-descriptor.js';
import type { CrawlLimiter, CrawlTotals } from '../model/crawl-control.js';
import type { crawlLimitEnforcerComponent } from './crawl-limit-enforcer.descriptor.js';

export type LimitExit = 'FINISHED_DATA_LIMIT' | 'FINISHED_DOCUMENT_LIMIT' | 'FINISHED_TIME_LIMIT';

/** Heritrix's CrawlLimitEnforcer: says which limit, if any, the crawl has reached. */
export class CrawlLimitEnforcer implements CrawlLimiter {
  constructor(readonly config: ConfigOf<typeof crawlLimitEnforcerComponent>) {}

  reached(t: CrawlTotals): LimitExit | undefined {
    const c = this.config;
    if (c.maxBytesDownload > 0 && t.bytes >= c.maxBytesDownload) return 'FINISHED_DATA_LIMIT';
    if (c.maxDocumentsDownload > 0 && t.documents >= c.maxDocumentsDownload) return 'FINISHED_DOCUMENT_LIMIT';
    if (c.maxTimeSeconds > 0 && t.elapsedMs >= c.maxTimeSeconds * 1000) return 'FINISHED_TIME_LIMIT';
    return undefined;
  }
}
