import { defineComponent, type ComponentClass } from '../beans/registry/component-descriptor.js';

export const crawlControllerComponent = defineComponent({
  name: 'CrawlController',
  aliases: ['org.archive.crawler.framework.CrawlController'],
  description:
    'Runs the crawl: announces the seeds, then `maxToeThreads` workers take URIs from the frontier, run each through the ' +
    'fetch chain and the disposition chain, and hand it back, until the frontier is empty or a limit is reached. A delta ' +
    'run that was not cut short then fetches the documents of earlier runs it did not reach, and decides deletions.',
  kinds: ['CrawlController'],
  props: {
    maxToeThreads: { type: 'integer', default: 25, minimum: 1, maximum: 10000, description: 'URIs processed at once (workers on the event loop; Heritrix\'s toe threads).' },
    pauseAtStart: { type: 'boolean', default: false, description: 'Accepted for Heritrix files (whose default is true); a launch here always runs to the end.' },
    runWhileEmpty: { type: 'boolean', default: false, description: 'Accepted for Heritrix files; a crawl here ends when its frontier is empty.' },
    recorderInBufferBytes: { type: 'integer', default: 524288, description: 'Accepted for Heritrix files; ignored.' },
    recorderOutBufferBytes: { type: 'integer', default: 16384, description: 'Accepted for Heritrix files; ignored.' },
    scratchDir: { type: 'string', default: 'scratch', description: 'Accepted for Heritrix files; ignored.' },
  },
  refs: {
    metadata: { kind: 'CrawlMetadata', required: true, autowire: true, description: 'Who runs the crawl.' },
    seeds: { kind: 'SeedModule', required: true, autowire: true, description: 'Where the crawl starts.' },
    frontier: { kind: 'Frontier', required: true, autowire: true, description: 'The queues.' },
    fetchChain: { kind: 'FetchChain', required: true, autowire: true, description: 'Fetch and extract.' },
    candidateChain: { kind: 'CandidateChain', required: true, autowire: true, description: 'Scope and prepare each seed.' },
    dispositionChain: { kind: 'DispositionChain', required: true, autowire: true, description: 'After the fetch.' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'crawl.log and the error logs.' },
    crawlLimiter: { kind: 'CrawlLimiter', autowire: true, description: 'Soft limits.' },
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps the crawl\'s totals and whether it finished; a failed commit (disk full) pauses the crawl until one succeeds.' },
    fetchHistory: { kind: 'FetchHistory', autowire: true, description: 'In delta runs: the documents of earlier runs not reached, fetched again at the end, and the deletions decided then.' },
    deltaListener: { kind: 'DeltaListener', autowire: true, description: 'Hears the events decided at the end of a run (deleted documents) and that the run ended (list receivers).' },
    sheetOverlaysManager: { kind: 'SheetOverlaysManager', autowire: true, description: 'Gives seeds their sheets and restores queued URIs\' sheets.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./crawl-controller.js')).CrawlController,
});
