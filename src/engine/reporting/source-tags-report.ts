import type { CrawlStatistics } from '../../model/crawl-statistics.js';
import { Report } from './report.js';
import { byCountDescending } from './report-format.js';

/** source-report.txt: URIs fetched per source tag (usually the seed) and host (Heritrix's SourceTagsReport). */
export class SourceTagsReport extends Report {
  readonly filename = 'source-report.txt';

  *lines(s: CrawlStatistics): Iterable<string> {
    if (s.sourceTags.size === 0) {
      yield "No source tag information. (Is 'sourceTagSeeds' enabled?)";
      return;
    }
    yield '[source] [host] [#urls]';
    for (const source of [...s.sourceTags.keys()].sort()) {
      for (const [host, count] of byCountDescending(s.sourceTags.get(source)!, (n) => n)) yield `${source} ${host} ${count}`;
    }
  }
}
