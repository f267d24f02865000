import type { CrawlStatistics } from '../../model/crawl-statistics.js';
import { Report } from './report.js';
import { timestamp12 } from './report-format.js';

/**
 * processors-report.txt: per chain (candidate, fetch, disposition), each processor with its
 * class, bean id and the URIs it processed (Heritrix's ProcessorsReport).
 */
export class ProcessorsReport extends Report {
  readonly filename = 'processors-report.txt';

  *lines(s: CrawlStatistics): Iterable<string> {
    for (const chain of s.chains) {
      yield `${chain.name} - Processors report - ${timestamp12(s.now)}`;
      yield `  Number of Processors: ${chain.processors.length}`;
      yield '';
      for (const p of chain.processors) {
        yield `Processor: ${p.constructor.name} (${p.beanName})`;
        yield `  CrawlURIs handled: ${p.processed}`;
        yield '';
      }
      yield '';
    }
  }
}
