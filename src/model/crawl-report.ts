import type { CrawlStatistics } from './crawl-statistics.js';

/** A report the statistics tracker writes to its reports folder (Heritrix's Report). */
export interface CrawlReport {
  /** The file name in the reports folder (`hosts-report.txt`). */
  readonly filename: string;
  /** Written when the crawl ends. */
  readonly shouldReportAtEndOfCrawl: boolean;
  /** Written beside the reports folder (in the run folder) rather than in it: report.html. */
  readonly besideReports?: boolean;
  /** The report's text, a line at a time (without line ends). */
  lines(stats: CrawlStatistics): Iterable<string>;
}
