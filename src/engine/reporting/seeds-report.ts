import type { CrawlStatistics, SeedRecord } from '../../model/crawl-statistics.js';
import { Report } from './report.js';

/**
 * Heritrix's order of seeds: it sorts by `-status - Integer.MAX_VALUE` in 32-bit arithmetic,
 * which wraps round, so seeds that failed or were never tried (status 0 and below) come first,
 * then HTTP statuses from the highest down. Ties by URI.
 */
function sortKey(r: SeedRecord): number {
  return (-r.status - 0x7fffffff) | 0;
}

/**
 * seeds-report.txt: each seed's latest status, and where it redirected (Heritrix's SeedsReport);
 * a seed a crawl mapper diverted is DIVERTED (Heritrix: NOTCRAWLED), with the crawler it went to and its divert file.
 */
export class SeedsReport extends Report {
  readonly filename = 'seeds-report.txt';

  *lines(s: CrawlStatistics): Iterable<string> {
    yield '[code] [status] [seed] [redirect]';
    const seeds = [...s.seeds.values()].sort((a, b) => sortKey(a) - sortKey(b) || (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
    for (const r of seeds) {
      if (r.divertedTo) {
        yield `${r.status} DIVERTED ${r.uri} to crawler ${r.divertedTo.crawler}: ${r.divertedTo.file}`;
        continue;
      }
      const line = `${r.status} ${r.status > 0 ? 'CRAWLED' : 'NOTCRAWLED'} ${r.uri}`;
      yield r.redirect ? `${line} ${r.redirect}` : line;
    }
  }
}
