import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

export const fetchHistoryStoreComponent = defineComponent({
  name: 'FetchHistoryStore',
  description:
    'The fetch history of a job, kept in the state store from run to run (it survives new runs; `launch --forget-history` ' +
    'drops it): per URI its last fetches (status, ETag, Last-Modified, digest, size, type, time), whether it is a document, ' +
    'when it was last seen and its outlinks. PersistLoadProcessor, FetchHistoryProcessor and PersistStoreProcessor use it. ' +
    'With `deltaCrawl`, every run after the first is a delta run: each document is reported new, changed, unchanged or ' +
    'deleted, and documents of earlier runs not reached are fetched again at the end to see whether they are gone.',
  kinds: ['FetchHistory'],
  props: {
    deltaCrawl: { type: 'boolean', default: false, description: 'Report each run\'s documents as new, changed, unchanged or deleted against the runs before.' },
    historyLength: { type: 'integer', default: 2, minimum: 1, maximum: 64, description: 'Fetches kept per URI (Heritrix\'s FetchHistoryProcessor.historyLength); the last one with content is kept besides.' },
    deleteAfterGoneCount: { type: 'integer', default: 1, minimum: 1, description: 'A document is reported deleted after this many gone answers (404, 410) in a row, in as many runs.' },
    maxDeletePercent: { type: 'number', default: 20, minimum: 0, maximum: 100, description: 'Circuit breaker: when more than this share of the earlier runs\' documents would be deleted in one run, none is, and an alert says so.' },
    dryRunDeletes: { type: 'boolean', default: false, description: 'List the documents that would be deleted (alerts.log and deletions-withheld.txt) without reporting them (`launch --dry-run-deletes`).' },
    withheldListPath: { type: 'string', default: '${launchId}/deletions-withheld.txt', path: true, description: 'Where the documents not deleted (dry run, circuit breaker) are listed.' },
  },
  refs: {
    stateStore: { kind: 'StateStore', required: true, autowire: true, description: 'Where the history is kept (sublevel `history`).' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'alerts.log: the circuit breaker, dry runs.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./fetch-history-store.js')).FetchHistoryStore,
});
