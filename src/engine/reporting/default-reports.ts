import type { CrawlReport } from '../../model/crawl-report.js';
import { CrawlSummaryReport } from './crawl-summary-report.js';
import { FrontierSummaryReport } from './frontier-summary-report.js';
import { HostsReport } from './hosts-report.js';
import { HtmlReport } from './html-report.js';
import { MimetypesReport } from './mimetypes-report.js';
import { ProcessorsReport } from './processors-report.js';
import { ResponseCodeReport } from './response-code-report.js';
import { SeedsReport } from './seeds-report.js';
import { SourceTagsReport } from './source-tags-report.js';
import { ToeThreadsReport } from './toe-threads-report.js';

/** Heritrix's default reports, in its order, and report.html, for a tracker whose `reports` are not given. */
export function defaultReports(): CrawlReport[] {
  return [
    new CrawlSummaryReport(), new SeedsReport(), new HostsReport(), new SourceTagsReport(), new MimetypesReport(),
    new ResponseCodeReport(), new ProcessorsReport(), new FrontierSummaryReport(), new ToeThreadsReport(), new HtmlReport(),
  ];
}
