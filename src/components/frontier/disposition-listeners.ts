import type { CrawlUri } from '../../model/crawl-uri.js';
import type { Disposition } from '../../model/frontier.js';

/** How many failures of listeners are reported; the rest are counted. */
const REPORTED_FAILURES = 5;

/**
 * Those the frontier tells of a URI's disposition (crawl.log, statistics, limits, quotas). One
 * that throws is reported (the first few times) and the others are told all the same: the crawl
 * goes on.
 */
export class DispositionListeners {
  readonly #listeners: Array<(curi: CrawlUri, d: Disposition) => void> = [];
  #failures = 0;

  add(listener: (curi: CrawlUri, d: Disposition) => void): void {
    this.#listeners.push(listener);
  }

  tell(curi: CrawlUri, disposition: Disposition): void {
    for (const listener of this.#listeners) {
      try {
        listener(curi, disposition);
      } catch (e) {
        if (++this.#failures <= REPORTED_FAILURES) process.emitWarning(`a listener of finished URIs failed on ${curi.uri}: ` +
          `${(e as Error)?.message ?? String(e)}`);
      }
    }
  }
}
