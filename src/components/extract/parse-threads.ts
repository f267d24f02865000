import { availableParallelism } from 'node:os';
import type { PropSpec } from '../../beans/registry/component-descriptor.js';

/** parseThreads' value that lets the machine decide (PARSE_THREAD_PROPS). */
export const AUTOMATIC = -1;

/** How many parse threads `parseThreads` means on a machine of `cores`: as given, or when automatic, cores less one (none on one core, four at most). */
export function parseThreadsFor(parseThreads: number, cores = availableParallelism()): number {
  return parseThreads === AUTOMATIC ? Math.min(4, cores - 1) : parseThreads;
}

/** ExtractorHtml's parse threads (measured on 2 cores: see docs/guide/performance.md). */
export const PARSE_THREAD_PROPS = {
  parseThreads: {
    type: 'integer', default: 0, minimum: AUTOMATIC,
    description:
      'Threads (worker_threads) that decode and parse HTML pages while the crawl\'s own thread goes on with other URIs, so that ' +
      'parsing takes another core. They pay when many pages are in the chain at once (a crawl of many hosts: the broad profile ' +
      'sets -1) and cost when few are (a crawl of one site, whose one queue waits for each page\'s links before its next fetch: ' +
      'the trip to a thread and back is added to every page). -1: cores less one, four at most, none on one core. ' +
      '0: every page is parsed on the crawl\'s thread.',
  },
  minThreadParseBytes: {
    type: 'integer', default: 1024, minimum: 0, overlayable: true,
    description:
      'Smallest body sent to a parse thread, bytes (with parseThreads): a smaller page is parsed on the crawl\'s thread, where ' +
      'it costs little more than sending it would.',
  },
} as const satisfies Record<string, PropSpec>;
