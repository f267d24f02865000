import type { CrawlUri } from '../../model/crawl-uri.js';
import type { DeltaKind, FetchHistoryRecord } from '../../model/fetch-history.js';
import { documentContentOf } from '../../model/receiver.js';
import { fetchEntryOf, lastContentFetch } from '../../model/fetch-entry.js';

export interface ChangeOptions {
  readonly useChecksum: boolean;
  readonly useETag: boolean;
  readonly useLastModified: boolean;
  readonly changeCondition: string;
}

/**
 * A fetched document against its history: `new` when no earlier run had it as a document,
 * `unchanged` for a 304, else changed or not by the signals compared (SAP: checksum, ETag,
 * Last-Modified; any differing, OR, or all, AND). When the two fetches share none of the signals
 * asked for, SMILA's order decides: digest, then Last-Modified, then size and MIME type.
 * Undefined for what is not a document (no 2xx with content, nor a 304 to a conditional request).
 */
export function classifyDelta(curi: CrawlUri, history: FetchHistoryRecord | undefined, options: ChangeOptions): DeltaKind | undefined {
  const status = curi.fetchStatus;
  if (status === 304 && history) return history.document ? 'unchanged' : undefined;
  // An empty 2xx is no document for receivers, so none for the history either.
  if (documentContentOf(curi) === undefined) return undefined;
  const before = history?.document ? lastContentFetch(history.fetches) : undefined;
  if (!before) return 'new';
  const now = fetchEntryOf(curi);
  // A file is judged by modification time, size and digest (Aperture): a new size is a change
  // whatever the time says (coarse timestamps, a time put back by `cp -p` or `rsync -t`).
  if (curi.uri.startsWith('file:') && now.size !== before.size) return 'changed';
  const differs: boolean[] = [];
  if (options.useETag && now.etag && before.etag) differs.push(now.etag !== before.etag);
  if (options.useLastModified && now.lastModified && before.lastModified) differs.push(now.lastModified !== before.lastModified);
  if (options.useChecksum && now.digest && before.digest) differs.push(now.digest !== before.digest);
  let changed: boolean;
  if (differs.length) changed = options.changeCondition === 'AND' ? differs.every(Boolean) : differs.some(Boolean);
  else if (now.digest && before.digest) changed = now.digest !== before.digest;
  else if (now.lastModified && before.lastModified) changed = now.lastModified !== before.lastModified;
  else changed = now.size !== before.size || now.mimeType !== before.mimeType;
  return changed ? 'changed' : 'unchanged';
}
