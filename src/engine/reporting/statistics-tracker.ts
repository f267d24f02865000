import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { createWriteStream, type WriteStream } from 'node:fs';
import { dirname, join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { CrawlReport } from '../../model/crawl-report.js';
import type { ChainSummary, CrawlSnapshot, CrawlStatistics, StatisticsTracking } from '../../model/crawl-statistics.js';
import { listsQueues } from '../../model/frontier-queues.js';
import type { Processor } from '../../model/processor.js';
import type { ProcessorChain } from '../../model/processor-chain.js';
import { log14Date } from '../../util/log14-date.js';
import { normalizeUrl } from '../../util/url/normalize-url.js';
import { crawlExitStatus } from './crawl-exit-status.js';
import { CrawlTallies } from './crawl-tallies.js';
import { describeExitStatus } from './crawl-summary-report.js';
import { defaultReports } from './default-reports.js';
import { ProgressSeries } from './progress-series.js';
import { PROGRESS_LEGEND, progressStatisticsLine } from './progress-statistics-line.js';
import { takeSnapshot } from './take-snapshot.js';
import { writeReportFile } from './write-report-file.js';
import { makeFolders } from '../../util/make-folders.js';

export const statisticsTrackerComponent = defineComponent({
  name: 'StatisticsTracker',
  aliases: ['org.archive.crawler.reporting.StatisticsTracker'],
  description:
    'Counts every finished URI (per host, status, MIME type, source tag and seed), writes a line of progress to ' +
    'progress-statistics.log every `intervalSeconds` and at the end, and writes the reports when the crawl ends. Without ' +
    '`reports`, Heritrix\'s default set: CrawlSummary, Seeds, Hosts, SourceTags, Mimetypes, ResponseCode, Processors, ' +
    'FrontierSummary and ToeThreads, and the HTML report (report.html beside the reports folder: charts and tables of the run).',
  kinds: ['StatisticsTracker'],
  props: {
    reportsDir: { type: 'string', default: '${launchId}/reports', path: true, description: 'The folder reports are written to.' },
    progressLogPath: { type: 'string', default: '${launchId}/logs/progress-statistics.log', path: true, description: 'The progress-statistics.log ' +
      'file (appended to).' },
    intervalSeconds: { type: 'integer', default: 20, minimum: 1, description: 'Seconds between two progress-statistics.log lines.' },
    keepSnapshotsCount: { type: 'integer', default: 5, minimum: 1, description: 'Progress samples kept (the latest gives current rates).' },
    liveHostReportSize: { type: 'integer', default: 20, minimum: 0, description: 'Accepted for Heritrix files (the size of its live top-hosts ' +
      'lists); there is no live console yet.' },
    trackSeeds: { type: 'boolean', default: true, description: 'Keep each seed\'s latest status for seeds-report.txt (costly with millions of seeds).' },
    trackSources: { type: 'boolean', default: true, description: 'Count URIs per source tag and host for source-report.txt (costly with many ' +
      'source tags and hosts).' },
  },
  refs: {
    crawlController: { kind: 'CrawlController', required: true, autowire: true, description: 'Its progress: state, counts, busy workers.' },
    frontier: { kind: 'Frontier', required: true, autowire: true, description: 'Tells of every finished URI; its queue counts.' },
    reports: { kind: 'Report', list: true, description: 'The reports written at the end of the crawl; Heritrix\'s default set when not given.' },
    metadata: { kind: 'CrawlMetadata', autowire: true, description: 'The crawl\'s name (its jobName), for report headers.' },
    seeds: { kind: 'SeedModule', autowire: true, description: 'The seeds, so that seeds never tried show in seeds-report.txt.' },
    candidateChain: { kind: 'CandidateChain', autowire: true, description: 'For processors-report.txt.' },
    fetchChain: { kind: 'FetchChain', autowire: true, description: 'For processors-report.txt.' },
    dispositionChain: { kind: 'DispositionChain', autowire: true, description: 'For processors-report.txt.' },
    crawlLimiter: { kind: 'CrawlLimiter', autowire: true, description: 'Tells which limit, if any, ended the crawl (its exit status).' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'Its last alerts, for report.html.' },
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps the tallies with each commit, so that a resumed crawl\'s reports count ' +
      'every launch of the run.' },
  },
  outputs: (c) => [{ what: 'reports', path: String(c.reportsDir) }, { what: 'report', path: join(dirname(String(c.reportsDir)), 'report.html') }],
  load: async (): Promise<ComponentClass> => StatisticsTracker,
});

/**
 * Heritrix's StatisticsTracker: tallies every finished URI, samples progress into
 * progress-statistics.log every `intervalSeconds`, and at the end of the crawl (its stop, which
 * comes before the controller's and the frontier's) writes the last line and the reports.
 */
export class StatisticsTracker implements StatisticsTracking {
  readonly #tallies: CrawlTallies;
  readonly #snapshots: CrawlSnapshot[] = [];
  readonly #series = new ProgressSeries();
  #listening = false;
  #log?: WriteStream;
  #logError?: Error;
  #timer?: NodeJS.Timeout;

  constructor(readonly config: ConfigOf<typeof statisticsTrackerComponent>) {
    this.#tallies = new CrawlTallies({ trackSeeds: config.trackSeeds, trackSources: config.trackSources });
  }

  async start(): Promise<void> {
    if (this.#log) return;
    if (!this.#listening) {
      this.#listening = true;
      this.config.frontier.onFinal((curi, d) => this.#tallies.tally(curi, d));
      await this.#noteSeeds();
      const store = this.config.stateStore;
      if (store) {
        const sub = store.sublevel('stats');
        await this.#tallies.restore(sub);
        store.participate({ stage: () => this.#tallies.stage(sub) });
      }
    }
    await makeFolders(dirname(this.config.progressLogPath));
    this.#log = createWriteStream(this.config.progressLogPath, { flags: 'a' });
    this.#log.on('error', (e) => (this.#logError ??= e));
    this.#log.write(`${PROGRESS_LEGEND}\n`);
    this.#sample();
    this.#timer = setInterval(() => this.#sample(), this.config.intervalSeconds * 1000);
    this.#timer.unref();
  }

  /** The statistics as of the latest progress sample. */
  statistics(): CrawlStatistics {
    const { crawlController, frontier, metadata } = this.config;
    const progress = crawlController.progress();
    for (const d of crawlController.divertedSeeds?.() ?? []) this.#tallies.divertedSeed(d.uri, d.crawler, d.file);
    return {
      crawlName: metadata?.jobName ?? '', exitStatus: crawlExitStatus(progress, this.config.crawlLimiter), now: Date.now(),
      snapshot: this.#snapshots.at(-1) ?? this.#snapshot(), progress,
      hosts: this.#tallies.hosts, mimeTypes: this.#tallies.mimeTypes, statusCodes: this.#tallies.statusCodes,
      sourceTags: this.#tallies.sourceTags, seeds: this.#tallies.seeds,
      chains: this.#chains(), toeThreads: toeThreadsOf(crawlController) ?? progress.busyWorkers,
      queues: listsQueues(frontier) ? () => frontier.queueSummaries() : undefined,
      series: this.#series.points(), alerts: this.config.loggerModule?.recentAlerts?.() ?? [],
    };
  }

  async stop(): Promise<void> {
    const log = this.#log;
    if (!log) return;
    clearInterval(this.#timer);
    this.#log = undefined;
    const exit = crawlExitStatus(this.config.crawlController.progress(), this.config.crawlLimiter);
    log.write(`${log14Date(Date.now())} CRAWL ENDED - ${describeExitStatus(exit)}\n`);
    log.write(`${progressStatisticsLine(this.#remember(this.#snapshot()))}\n`);
    log.end();
    const errors = await this.#writeReports(this.statistics());
    await finished(log).catch((e: Error) => (this.#logError ??= e));
    if (this.#logError) errors.unshift(`${this.config.progressLogPath}: ${this.#logError.message}`);
    if (errors.length) throw new Error(errors.join('; '));
  }

  /** Writes every report due at the end of the crawl; one that fails does not keep the others from being written. */
  async #writeReports(stats: CrawlStatistics): Promise<string[]> {
    const reports: readonly CrawlReport[] = this.config.reports.length ? this.config.reports : defaultReports();
    try {
      await makeFolders(this.config.reportsDir);
    } catch (e) {
      return [`${this.config.reportsDir}: ${(e as Error).message}`];
    }
    // At once: each is a file of its own, and most are one write.
    const failed = await Promise.all(reports.filter((report) => report.shouldReportAtEndOfCrawl).map((report) => {
      const file = join(report.besideReports ? dirname(this.config.reportsDir) : this.config.reportsDir, report.filename);
      return writeReportFile(file, report.lines(stats)).then(() => undefined, (e: Error) => `${file}: ${e.message}`);
    }));
    return failed.filter((e) => e !== undefined);
  }

  /**
   * The seed list is recorded before any seed is tried, so that seeds never tried show in the
   * seeds report. Seeds found by redirects show once they are processed as seeds.
   */
  async #noteSeeds(): Promise<void> {
    const { seeds } = this.config;
    if (!seeds || !this.config.trackSeeds) return;
    // A seed source that cannot be read is the controller's to report, when it asks for the seeds.
    const list = await seeds.loadSeeds().catch(() => undefined);
    for (const seed of list?.seeds ?? []) {
      const url = normalizeUrl(seed.url);
      if (url) this.#tallies.addSeed(url);
    }
  }

  #sample(): void {
    const line = progressStatisticsLine(this.#remember(this.#snapshot()));
    this.#log?.write(`${line}\n`);
  }

  #snapshot(): CrawlSnapshot {
    const { frontier } = this.config;
    const memory = process.memoryUsage();
    return takeSnapshot({
      progress: this.config.crawlController.progress(), bytes: this.#tallies.bytes, now: Date.now(),
      heapUsedBytes: memory.heapUsed, heapTotalBytes: memory.heapTotal,
      deepestQueue: listsQueues(frontier) ? deepestQueue(frontier.queueSummaries()) : undefined,
    }, this.#snapshots.at(-1));
  }

  #remember(snapshot: CrawlSnapshot): CrawlSnapshot {
    this.#snapshots.push(snapshot);
    this.#series.add(snapshot);
    if (this.#snapshots.length > this.config.keepSnapshotsCount) this.#snapshots.shift();
    return snapshot;
  }

  #chains(): ChainSummary[] {
    const { candidateChain, fetchChain, dispositionChain } = this.config;
    const named: Array<[string, ProcessorChain | undefined]> = [['CandidateChain', candidateChain], ['FetchChain', fetchChain], ['DispositionChain', dispositionChain]];
    return named.filter((e): e is [string, ProcessorChain] => e[1] !== undefined)
      .map(([name, chain]) => ({ name, processors: (chain as { processors?: readonly Processor[] }).processors ?? [] }));
  }
}

/** The pool size a controller was configured with (`maxToeThreads`), when it says. */
function toeThreadsOf(controller: object): number | undefined {
  const size = (controller as { config?: { maxToeThreads?: unknown } }).config?.maxToeThreads;
  return typeof size === 'number' ? size : undefined;
}

function deepestQueue(queues: Iterable<{ readonly state: string; readonly size: number }>): number {
  let deepest = 0;
  for (const q of queues) if (q.state !== 'retired' && q.state !== 'exhausted' && q.size > deepest) deepest = q.size;
  return deepest;
}
