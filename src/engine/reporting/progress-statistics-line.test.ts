import { expect } from 'chai';
import type { CrawlProgress } from '../../model/crawl-control.js';
import type { FrontierStats } from '../../model/frontier.js';
import { PROGRESS_LEGEND, progressStatisticsLine } from './progress-statistics-line.js';
import { takeSnapshot } from './take-snapshot.js';

function progress(frontier: Partial<FrontierStats>, more: Partial<CrawlProgress> = {}): CrawlProgress {
  return {
    state: 'RUNNING', busyWorkers: 3, bytes: 0, documents: 0, seedsCrawled: 1, elapsedMs: 20_000,
    frontier: {
      discovered: 0, queued: 0, inProcess: 0, succeeded: 0, failed: 0, disregarded: 0,
      queues: { total: 0, ready: 0, snoozed: 0, retired: 0 }, ...frontier,
    },
    ...more,
  };
}

const T0 = Date.UTC(2011, 5, 23, 17, 12, 8);

describe('progress-statistics.log lines', () => {
  const first = takeSnapshot({ progress: progress({ succeeded: 100 }), bytes: 1024 * 400, now: T0, heapUsedBytes: 51234 * 1024, heapTotalBytes: 123456 * 1024 });
  const second = takeSnapshot({
    progress: progress({ discovered: 1234, queued: 456, succeeded: 500, failed: 7, inProcess: 3, queues: { total: 9, ready: 4, snoozed: 1, retired: 0 } }, { elapsedMs: 40_000 }),
    bytes: 1024 * 2400, now: T0 + 20_000, heapUsedBytes: 60000 * 1024, heapTotalBytes: 123456 * 1024, deepestQueue: 200,
  }, first);

  it('rates: average over the crawl, current since the sample before', () => {
    expect(first).to.deep.include({ docsPerSecond: 5, currentDocsPerSecond: 0, currentKibPerSecond: 0, kibPerSecond: 19 });
    expect(second).to.deep.include({ docsPerSecond: 12.5, currentDocsPerSecond: 20, currentKibPerSecond: 100, kibPerSecond: 59 });
  });

  it('congestion and depths: queues with work per queue being worked or resting; queued per active queue', () => {
    expect(second).to.deep.include({ congestion: 2, deepestQueue: 200, averageDepth: 57 });
    expect(first).to.deep.include({ congestion: 0, averageDepth: 0, deepestQueue: 0 });
  });

  it('writes Heritrix\'s legend and right-aligns each value to end under its heading', () => {
    const line = progressStatisticsLine(second);
    expect(line).to.equal(
      '2011-06-23T17:12:28Z        1234         456          500         20(12.5)    100(59)             7             3        60000        ' +
        '123456            2         200          57',
    );
    const values = line.split(/ +/).slice(1);
    const headings = ['discovered', 'queued', 'downloaded', 'doc/s(avg)', 'KB/s(avg)', 'dl-failures', 'busy-thread', 'mem-use-KB', 'heap-size-KB', 'congestion', 'max-depth', 'avg-depth'];
    let from = 20;
    headings.forEach((heading, i) => {
      const end = line.indexOf(values[i], from) + values[i].length;
      expect(end, heading).to.equal(PROGRESS_LEGEND.indexOf(heading) + heading.length);
      from = end;
    });
    expect(PROGRESS_LEGEND.startsWith('           timestamp  discovered      queued   downloaded       doc/s(avg)  KB/s(avg)   dl-failures')).to.equal(true);
  });

  it('keeps a value wider than its column apart from the one before', () => {
    const wide = { ...second, discovered: 12345678901234, queued: 123456789012345 };
    expect(progressStatisticsLine(wide)).to.match(/Z +12345678901234 123456789012345 /);
  });
});
