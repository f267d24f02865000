import { expect } from 'chai';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { captureTimers } from '../../../test/support/captured-timers.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlControl, CrawlProgress } from '../../model/crawl-control.js';
import type { CrawlReport } from '../../model/crawl-report.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { Disposition, Frontier, FrontierStats } from '../../model/frontier.js';
import type { SeedModule } from '../../model/seed-module.js';
import { crawlExitStatus } from './crawl-exit-status.js';
import { HostsReport } from './hosts-report.js';
import { StatisticsTracker } from './statistics-tracker.js';
import type { statisticsTrackerComponent } from './statistics-tracker.js';

type Config = ConfigOf<typeof statisticsTrackerComponent>;

class FakeFrontier {
  listener?: (curi: CrawlUri, d: Disposition) => void;
  counts: FrontierStats = { discovered: 2, queued: 0, inProcess: 0, succeeded: 1, failed: 1, disregarded: 0, queues: { total: 2, ready: 0, snoozed: 0, retired: 0 } };
  onFinal(listener: (curi: CrawlUri, d: Disposition) => void): void {
    this.listener = listener;
  }
  stats(): FrontierStats {
    return this.counts;
  }
}

function controller(frontier: FakeFrontier, state: CrawlProgress['state'] = 'FINISHED'): CrawlControl {
  return {
    run: async () => 'FINISHED', terminate: () => undefined, pause: () => undefined, pauseWithAlert: () => undefined, unpause: () => undefined,
    progress: () => ({ state, frontier: frontier.stats(), busyWorkers: 0, bytes: 0, documents: 0, seedsCrawled: 1, elapsedMs: 1500 }),
  };
}

function seedModule(urls: string[]): SeedModule {
  return { loadSeeds: async () => ({ seeds: urls.map((url, i) => ({ url, line: i + 1 })), directives: [] }), addSeed: () => undefined, onSeedAdded: () => undefined };
}

function finished(uri: string, status: number, size: number): CrawlUri {
  const c = new CrawlUri(uri, { isSeed: true });
  c.fetchStatus = status;
  c.contentSize = size;
  c.recordedSize = size;
  c.contentType = 'text/html';
  return c;
}

describe(StatisticsTracker.name, () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(() => cleanup());

  function tracker(frontier: FakeFrontier, more: Partial<Config> = {}): StatisticsTracker {
    return new StatisticsTracker({
      reportsDir: join(dir, 'reports'), progressLogPath: join(dir, 'logs', 'progress-statistics.log'), intervalSeconds: 20,
      keepSnapshotsCount: 5, liveHostReportSize: 20, trackSeeds: true, trackSources: true, stateStore: undefined,
      crawlController: controller(frontier), frontier: frontier as unknown as Frontier, reports: [],
      metadata: undefined, seeds: seedModule(['http://example.org', 'http://never.example.org/']), candidateChain: undefined,
      fetchChain: undefined, dispositionChain: undefined, crawlLimiter: undefined, loggerModule: undefined, ...more,
    });
  }

  describe('.start() and .stop()', () => {
    it('writes the legend and a line at once, a line each interval, and the end and a final line when stopped', async () => {
      const frontier = new FakeFrontier();
      // The interval's timer is fired by the test, not by the clock.
      const timers = captureTimers((ms) => ms === 7000);
      try {
        const t = tracker(frontier, { intervalSeconds: 7 });
        await t.start();
        expect(timers.timers.map((x) => [x.ms, x.repeats])).to.deep.equal([[7000, true]]);
        timers.timers[0].fire();
        await t.stop();
        expect(timers.timers[0].cleared).to.equal(true);
      } finally {
        timers.restore();
      }
      const lines = (await readFile(join(dir, 'logs', 'progress-statistics.log'), 'utf8')).split('\n');
      expect(lines[0]).to.match(/^ +timestamp +discovered +queued +downloaded +doc\/s\(avg\) +KB\/s\(avg\) +dl-failures +busy-thread +mem-use-KB +heap-size-KB +congestion +max-depth +avg-depth$/);
      expect(lines.slice(1, 3).every((l) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ +2 +0 +1 /.test(l))).to.equal(true);
      expect(lines.at(-3)).to.match(/^\S+Z CRAWL ENDED - Finished$/);
      expect(lines.at(-2)).to.match(/^\S+Z +2 +0 +1 /);
      expect(lines.at(-1)).to.equal('');
    });

    it('writes Heritrix\'s nine default reports from what the frontier reported, seeds never tried included', async () => {
      const frontier = new FakeFrontier();
      const t = tracker(frontier);
      await t.start();
      frontier.listener!(finished('http://example.org/', 200, 1234), 'success');
      frontier.listener!(finished('http://down.example.com/', -2, -1), 'failure');
      await t.stop();
      expect((await readdir(join(dir, 'reports'))).sort()).to.deep.equal([
        'crawl-report.txt', 'frontier-summary-report.txt', 'hosts-report.txt', 'mimetype-report.txt', 'processors-report.txt',
        'responsecode-report.txt', 'seeds-report.txt', 'source-report.txt', 'threads-report.txt',
      ]);
      const read = (name: string) => readFile(join(dir, 'reports', name), 'utf8');
      expect(await read('seeds-report.txt')).to.equal('[code] [status] [seed] [redirect]\n0 NOTCRAWLED http://never.example.org/\n-2 NOTCRAWLED ' +
        'http://down.example.com/\n200 CRAWLED http://example.org/\n');
      expect(await read('hosts-report.txt')).to.contain('\n1 1234 example.org 0 0 1 1234 0 0 0 0 \n0 0 down.example.com 0 0 0 0 0 0 0 0 \n');
      expect(await read('crawl-report.txt')).to.contain('crawl status: Finished\nduration: 1s500ms\n\nseeds crawled: 1\nseeds uncrawled: 2\n');
    });

    it('writes only the reports given, and none whose shouldReportAtEndOfCrawl is false', async () => {
      const frontier = new FakeFrontier();
      const skipped = new HostsReport({ shouldReportAtEndOfCrawl: false, shouldReportDuringCrawl: true });
      const custom: CrawlReport = { filename: 'custom.txt', shouldReportAtEndOfCrawl: true, lines: (s) => [`discovered ${s.progress.frontier.discovered}`] };
      const t = tracker(frontier, { reports: [skipped, custom] });
      await t.start();
      await t.stop();
      expect(await readdir(join(dir, 'reports'))).to.deep.equal(['custom.txt']);
      expect(await readFile(join(dir, 'reports', 'custom.txt'), 'utf8')).to.equal('discovered 2\n');
    });

    it('writes the other reports when one fails, then fails naming it', async () => {
      const frontier = new FakeFrontier();
      // biome-ignore lint/correctness/useYield: a report whose generator throws at its first line, on purpose
      const broken: CrawlReport = { filename: 'broken.txt', shouldReportAtEndOfCrawl: true, *lines() { throw new Error('no luck'); } };
      const t = tracker(frontier, { reports: [broken, new HostsReport()] });
      await t.start();
      let error: Error | undefined;
      await t.stop().catch((e: Error) => (error = e));
      expect(error?.message).to.match(/broken\.txt: no luck$/);
      expect(await readdir(join(dir, 'reports'))).to.include('hosts-report.txt');
    });
  });

  describe('crawlExitStatus()', () => {
    const progress = (state: CrawlProgress['state'], queued: number, more: object = {}): CrawlProgress => ({
      state, busyWorkers: 0, bytes: 10, documents: 5, seedsCrawled: 1, elapsedMs: 100,
      frontier: { discovered: 0, queued, inProcess: 0, succeeded: 0, failed: 0, disregarded: 0, queues: { total: 0, ready: 0, snoozed: 0, retired: 0 } },
      ...more,
    });

    it('is the exit status the controller tells, when it does', () => {
      expect(crawlExitStatus(progress('FINISHED', 3, { exitStatus: 'FINISHED_TIME_LIMIT' }))).to.equal('FINISHED_TIME_LIMIT');
    });

    it('is otherwise the limit reached, ABORTED with URIs left, FINISHED without, or the state while running', () => {
      const limiter = { reached: (t: { documents: number }) => (t.documents >= 5 ? 'FINISHED_DOCUMENT_LIMIT' : undefined) };
      expect(crawlExitStatus(progress('FINISHED', 3), limiter)).to.equal('FINISHED_DOCUMENT_LIMIT');
      expect(crawlExitStatus(progress('FINISHED', 3))).to.equal('ABORTED');
      expect(crawlExitStatus(progress('FINISHED', 0))).to.equal('FINISHED');
      expect(crawlExitStatus(progress('RUNNING', 3), limiter)).to.equal('RUNNING');
    });
  });
});
