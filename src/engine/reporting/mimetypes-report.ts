import type { CrawlStatistics } from '../../model/crawl-statistics.js';
import { Report } from './report.js';
import { byCountDescending } from './report-format.js';

/** mimetype-report.txt: URIs and bytes fetched per MIME type, most URIs first (Heritrix's MimetypesReport). */
export class MimetypesReport extends Report {
  readonly filename = 'mimetype-report.txt';

  *lines(s: CrawlStatistics): Iterable<string> {
    yield '[#urls] [#bytes] [mime-types]';
    for (const [mime, t] of byCountDescending(s.mimeTypes, (m) => m.urls)) yield `${t.urls} ${t.bytes} ${mime}`;
  }
}
