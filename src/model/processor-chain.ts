import type { CrawlUri } from './crawl-uri.js';

/** An ordered list of processors a URI goes through (fetch, candidate, disposition). */
export interface ProcessorChain {
  /** Runs the URI through the chain; synchronous when every processor was. */
  run(curi: CrawlUri): void | Promise<void>;
}
