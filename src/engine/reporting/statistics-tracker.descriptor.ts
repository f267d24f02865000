import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

export const statisticsTrackerComponent = defineComponent({
  name: 'StatisticsTracker',
  aliases: ['org.archive.crawler.reporting.StatisticsTracker'],
  description:
    'Counts every finished URI (per host, status, MIME type, source tag and seed), writes a line of progress to ' +
    'progress-statistics.log every `intervalSeconds` and at the end, and writes the reports when the crawl ends. Without ' +
    '`reports`, Heritrix\'s default set: CrawlSummary, Seeds, Hosts, SourceTags, Mimetypes, ResponseCode, Processors, ' +
    'FrontierSummary and ToeThreads.',
  kinds: ['StatisticsTracker'],
  props: {
    reportsDir: { type: 'string', default: '${launchId}/reports', path: true, description: 'The folder reports are written to.' },
    progressLogPath: { type: 'string', default: '${launchId}/logs/progress-statistics.log', path: true, description: 'The progress-statistics.log file (appended to).' },
    intervalSeconds: { type: 'integer', default: 20, minimum: 1, description: 'Seconds between two progress-statistics.log lines.' },
    keepSnapshotsCount: { type: 'integer', default: 5, minimum: 1, description: 'Progress samples kept (the latest gives current rates).' },
    liveHostReportSize: { type: 'integer', default: 20, minimum: 0, description: 'Accepted for Heritrix files (the size of its live top-hosts lists); there is no live console yet.' },
    trackSeeds: { type: 'boolean', default: true, description: 'Keep each seed\'s latest status for seeds-report.txt (costly with millions of seeds).' },
    trackSources: { type: 'boolean', default: true, description: 'Count URIs per source tag and host for source-report.txt (costly with many source tags and hosts).' },
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
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps the tallies with each commit, so that a resumed crawl\'s reports count every launch of the run.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./statistics-tracker.js')).StatisticsTracker,
});
