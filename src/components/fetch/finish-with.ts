import type { CrawlUri } from '../../model/crawl-uri.js';
import { FINISH, type ProcessResult } from '../../model/processor.js';

/** Ends the fetch chain for a URI with a status (the disposition chain still runs). */
export function finishWith(curi: CrawlUri, status: number): ProcessResult {
  curi.fetchStatus = status;
  return FINISH;
}
