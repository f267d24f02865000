import type { CrawlStatistics } from '../../model/crawl-statistics.js';
import { Report } from './report.js';
import { doubleToString, formatBytesForDisplay, formatMillisecondsToConventional } from './report-format.js';

/** Heritrix's descriptions of exit statuses (CrawlStatus). */
const EXIT_DESCRIPTIONS: Readonly<Record<string, string>> = {
  FINISHED: 'Finished',
  ABORTED: 'Finished - Ended by operator',
  INTERRUPTED: 'Interrupted - the next launch resumes it',
  FINISHED_ABNORMAL: 'Finished - Abnormal exit from crawling',
  FINISHED_TIME_LIMIT: 'Finished - Timelimit hit',
  FINISHED_DATA_LIMIT: 'Finished - Maximum amount of data limit hit',
  FINISHED_DOCUMENT_LIMIT: 'Finished - Maximum number of documents limit hit',
  FINISHED_WRITE_LIMIT: 'Finished - Maximum bytes written',
};

export function describeExitStatus(status: string): string {
  return EXIT_DESCRIPTIONS[status] ?? status;
}

/** crawl-report.txt: the crawl's size in a few lines (Heritrix's CrawlSummaryReport). */
export class CrawlSummaryReport extends Report {
  readonly filename = 'crawl-report.txt';

  *lines(s: CrawlStatistics): Iterable<string> {
    const snap = s.snapshot;
    let seedsCrawled = 0;
    for (const seed of s.seeds.values()) if (seed.status > 0) seedsCrawled++;
    let novelUrls = 0;
    let novelBytes = 0;
    let dupUrls = 0;
    let dupBytes = 0;
    let notModifiedUrls = 0;
    let notModifiedBytes = 0;
    for (const h of s.hosts.values()) {
      novelUrls += h.novelUrls;
      novelBytes += h.novelBytes;
      dupUrls += h.dupByHashUrls ?? 0;
      dupBytes += h.dupByHashBytes ?? 0;
      notModifiedUrls += h.notModifiedUrls ?? 0;
      notModifiedBytes += h.notModifiedBytes ?? 0;
    }
    yield `crawl name: ${s.crawlName}`;
    yield `crawl status: ${describeExitStatus(s.exitStatus)}`;
    yield `duration: ${formatMillisecondsToConventional(snap.elapsedMs)}`;
    yield '';
    yield `seeds crawled: ${seedsCrawled}`;
    yield `seeds uncrawled: ${s.seeds.size - seedsCrawled}`;
    yield '';
    yield `hosts visited: ${s.hosts.size - (s.hosts.has('dns:') ? 1 : 0)}`;
    yield '';
    yield `URIs processed: ${snap.downloaded + snap.failures + snap.disregards}`;
    yield `URI successes: ${snap.downloaded}`;
    yield `URI failures: ${snap.failures}`;
    yield `URI disregards: ${snap.disregards}`;
    yield '';
    yield `novel URIs: ${novelUrls}`;
    // Heritrix writes these lines only when there is something to count.
    if (dupUrls > 0) yield `duplicate-by-hash URIs: ${dupUrls}`;
    if (notModifiedUrls > 0) yield `not-modified URIs: ${notModifiedUrls}`;
    yield '';
    yield `total crawled bytes: ${snap.bytes} (${formatBytesForDisplay(snap.bytes)}) `;
    yield `novel crawled bytes: ${novelBytes} (${formatBytesForDisplay(novelBytes)})`;
    // Heritrix writes each byte line when its kind was counted at all, zero bytes included.
    if (dupUrls > 0) yield `duplicate-by-hash crawled bytes: ${dupBytes} (${formatBytesForDisplay(dupBytes)}) `;
    if (notModifiedUrls > 0) yield `not-modified crawled bytes: ${notModifiedBytes} (${formatBytesForDisplay(notModifiedBytes)}) `;
    yield '';
    yield `URIs/sec: ${doubleToString(snap.docsPerSecond, 2)}`;
    yield `KB/sec: ${snap.kibPerSecond}`;
  }
}
