import type { PropSpec, RefSpec } from '../beans/registry/component-descriptor.js';

/** The properties of every fetch history bean (FetchHistoryStore, RedisFetchHistory): what is kept and how a delta run decides. */
export const FETCH_HISTORY_PROPS = {
  deltaCrawl: { type: 'boolean', default: false, description: 'Report each run\'s documents as new, changed, unchanged or deleted against the runs before.' },
  historyLength: { type: 'integer', default: 2, minimum: 1, maximum: 64, description: 'Fetches kept per URI (Heritrix\'s ' +
    'FetchHistoryProcessor.historyLength); the last one with content is kept besides.' },
  deleteAfterGoneCount: { type: 'integer', default: 1, minimum: 1, description: 'A document is reported deleted after this many gone answers (404, ' +
    '410) in a row, in as many runs.' },
  maxDeletePercent: { type: 'number', default: 20, minimum: 0, maximum: 100, description: 'Circuit breaker: when more than this share of the ' +
    'earlier runs\' documents would be deleted in one run, none is, and an alert says so.' },
  dryRunDeletes: { type: 'boolean', default: false, description: 'List the documents that would be deleted (alerts.log and deletions-withheld.txt) ' +
    'without reporting them (`launch --dry-run-deletes`).' },
  withheldListPath: { type: 'string', default: '${launchId}/deletions-withheld.txt', path: true, description: 'Where the documents not deleted ' +
    '(dry run, circuit breaker) are listed.' },
} as const satisfies Record<string, PropSpec>;

export const FETCH_HISTORY_REFS = {
  loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'alerts.log: the circuit breaker, dry runs.' },
} as const satisfies Record<string, RefSpec>;
