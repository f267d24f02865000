import type { CrawlUri } from '../../model/crawl-uri.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { Hop } from '../../model/hop.js';
import { FINISH, type ProcessResult } from '../../model/processor.js';

/** Heritrix's LinkContext.PREREQ_MISC: the context of every prerequisite link. */
export const PREREQ_CONTEXT = '=PREREQ_MISC';

/** Defers a URI behind another that must be fetched first (a `dns:` URI, a robots.txt). */
export function deferBehind(curi: CrawlUri, prerequisite: string): ProcessResult {
  curi.prerequisite = { uri: prerequisite, hop: Hop.PREREQ, context: PREREQ_CONTEXT };
  curi.fetchStatus = FetchStatus.DEFERRED;
  return FINISH;
}
