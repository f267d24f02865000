import type { CrawlSnapshot } from '../../model/crawl-statistics.js';
import { log14Date } from '../../util/log14-date.js';
import { doubleToString } from './report-format.js';

/** The header line of progress-statistics.log, as Heritrix writes it. */
export const PROGRESS_LEGEND =
  '           timestamp' +
  '  discovered   ' +
  '   queued   downloaded       doc/s(avg)  KB/s(avg) ' +
  '  dl-failures   busy-thread   mem-use-KB  heap-size-KB ' +
  '  congestion   max-depth   avg-depth';

/**
 * One progress-statistics.log line: each value right-aligned to end at Heritrix's column. A
 * value too wide for its column is kept apart from the one before by a space.
 */
export function progressStatisticsLine(s: CrawlSnapshot): string {
  const columns: Array<readonly [number, string | number]> = [
    [32, s.discovered],
    [44, s.queued],
    [57, s.downloaded],
    [74, `${doubleToString(s.currentDocsPerSecond, 2)}(${doubleToString(s.docsPerSecond, 2)})`],
    [85, `${s.currentKibPerSecond}(${s.kibPerSecond})`],
    [99, s.failures],
    [113, s.busyThreads],
    [126, s.heapUsedKib],
    [140, s.heapSizeKib],
    [153, doubleToString(s.congestion, 2)],
    [165, s.deepestQueue],
    [177, s.averageDepth],
  ];
  let line = log14Date(s.timestamp);
  for (const [column, value] of columns) {
    const text = String(value);
    line += ' '.repeat(Math.max(1, column - text.length - line.length)) + text;
  }
  return line;
}
