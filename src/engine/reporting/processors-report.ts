import type { CrawlStatistics } from '../../model/crawl-statistics.js';
import { Report } from './report.js';
import { timestamp12 } from './report-format.js';

/**
 * processors-report.txt in the words of Heritrix's ProcessorsReport: per chain (candidate, fetch,
 * disposition), each processor as its `report()` writes it: `Processor: ` and its class (the
 * Heritrix class it stands for), and for an extractor how many links it found in how many URIs.
 * Heritrix's WARC writer adds its record and byte counts, which are not kept here.
 */
export class ProcessorsReport extends Report {
  readonly filename = 'processors-report.txt';

  *lines(s: CrawlStatistics): Iterable<string> {
    for (const chain of s.chains) {
      yield `${chain.name} - Processors report - ${timestamp12(s.now)}`;
      yield `  Number of Processors: ${chain.processors.length}`;
      yield '';
      for (const p of chain.processors) {
        const name = p.reportClassName || p.constructor.name;
        yield `Processor: ${name}`;
        if (isExtractor(name)) yield `  ${p.linksAdded} links from ${p.processed} CrawlURIs`;
        yield* p.reportLines();
        yield '';
      }
      yield '';
    }
  }
}

/** Heritrix's extractors (ExtractorHTML, ExtractorCSS, ...) extend its Extractor, whose report counts links. */
function isExtractor(name: string): boolean {
  return /(^|\.)Extractor[A-Z]/.test(name);
}

