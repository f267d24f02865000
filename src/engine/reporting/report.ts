import type { CrawlReport } from '../../model/crawl-report.js';
import type { CrawlStatistics } from '../../model/crawl-statistics.js';

/** The properties every report bean has (Heritrix's Report). */
export interface ReportConfig {
  readonly shouldReportAtEndOfCrawl: boolean;
  readonly shouldReportDuringCrawl: boolean;
}

const DEFAULTS: ReportConfig = { shouldReportAtEndOfCrawl: true, shouldReportDuringCrawl: true };

/** A plain-text report of the crawl, written by the statistics tracker into its reports folder. */
export abstract class Report implements CrawlReport {
  abstract readonly filename: string;

  constructor(readonly config: ReportConfig = DEFAULTS) {}

  get shouldReportAtEndOfCrawl(): boolean {
    return this.config.shouldReportAtEndOfCrawl;
  }

  abstract lines(stats: CrawlStatistics): Iterable<string>;
}
