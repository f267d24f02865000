import { bodySizeOf, type CrawlUri } from './crawl-uri.js';
import type { FetchHistoryEntry } from './fetch-history.js';

/** What the history keeps of this fetch: validators from the response (or the file), digest, size, type. */
export function fetchEntryOf(curi: CrawlUri): FetchHistoryEntry {
  const headers = curi.response?.headers;
  const fileTime = curi.extraInfo.lastModified;
  return {
    status: curi.fetchStatus,
    fetchTime: curi.fetchBeginTime > 0 ? curi.fetchBeginTime : Date.now(),
    // A non-HTTP fetcher's version tag (FetchImap's flags, when they count as changes) stands for an ETag.
    etag: headers?.etag ?? (typeof curi.extraInfo.version === 'string' ? curi.extraInfo.version : undefined),
    lastModified: headers?.['last-modified'] ?? (typeof fileTime === 'string' ? fileTime : undefined),
    digest: curi.contentDigest,
    payloadDigest: curi.payloadDigest !== undefined && curi.payloadDigest !== curi.contentDigest ? curi.payloadDigest : undefined,
    size: bodySizeOf(curi),
    mimeType: curi.mimeType || undefined,
  };
}

/** The newest fetch that returned content (2xx), if the history has one. */
export function lastContentFetch(fetches: readonly FetchHistoryEntry[]): FetchHistoryEntry | undefined {
  return fetches.find((f) => f.status >= 200 && f.status < 300);
}
