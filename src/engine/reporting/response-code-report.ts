import type { CrawlStatistics } from '../../model/crawl-statistics.js';
import { Report } from './report.js';
import { byCountDescending } from './report-format.js';

/** responsecode-report.txt: URIs fetched per status, most first (Heritrix's ResponseCodeReport: successes only). */
export class ResponseCodeReport extends Report {
  readonly filename = 'responsecode-report.txt';

  *lines(s: CrawlStatistics): Iterable<string> {
    yield '[#urls] [rescode]';
    for (const [code, count] of byCountDescending(s.statusCodes, (n) => n)) yield `${count} ${code}`;
  }
}
