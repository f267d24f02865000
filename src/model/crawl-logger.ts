import type { CrawlUri } from './crawl-uri.js';

import type { Alert } from '../wire/job-status.js';

export type { Alert };

/** Heritrix's CrawlerLoggerModule: crawl.log and the error logs beside it. */
export interface CrawlLogger {
  /** One crawl.log line for a URI whose processing is over. */
  crawled(curi: CrawlUri): void;
  /** A URI that could not even be scheduled (too long, unparsable). */
  uriError(uri: string, via: string | undefined, message: string): void;
  /**
   * A try whose fetch failed with an error (no connection, a timeout…), retried or not: its
   * crawl.log line and why, at once (Heritrix's nonfatal-errors.log, which its frontier writes at
   * every try's end); crawl.log has the URI only once it is done for good.
   */
  nonfatalError?(curi: CrawlUri, reason: string): void;
  /** An unexpected error while processing a URI. */
  runtimeError(curi: CrawlUri, error: unknown): void;
  /** Something the operator should know (alerts.log): a seed out of scope, a failing component. */
  alert?(severity: 'WARNING' | 'SEVERE', message: string): void;
  /** The last alerts said (a few, the newest last), so that the console and `status` show them as they come. */
  recentAlerts?(): readonly Alert[];
}
