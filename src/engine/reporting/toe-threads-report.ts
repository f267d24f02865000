import type { CrawlStatistics } from '../../model/crawl-statistics.js';
import { Report } from './report.js';
import { timestamp12 } from './report-format.js';

/**
 * threads-report.txt: the workers (Heritrix's toe threads), how many and how many busy (Heritrix's
 * ToeThreadsReport, without the per-thread stacks: workers share one event loop).
 */
export class ToeThreadsReport extends Report {
  readonly filename = 'threads-report.txt';

  *lines(s: CrawlStatistics): Iterable<string> {
    yield `Toe threads report - ${timestamp12(s.now)}`;
    yield ` Job being crawled: ${s.crawlName}`;
    yield ` Number of toe threads in pool: ${s.toeThreads} (${s.progress.busyWorkers} active)`;
    yield '';
  }
}
