import type { CrawlUri } from './crawl-uri.js';

/** The WARC revisit profiles Heritrix writes, by their short names. */
export type RevisitProfileName = 'server-not-modified' | 'identical-payload-digest';

/** The crawl.log annotation Heritrix's FetchHistoryProcessor adds for each profile. */
export const REVISIT_ANNOTATION: Readonly<Record<RevisitProfileName, string>> = {
  'server-not-modified': 'duplicate:server-not-modified',
  'identical-payload-digest': 'duplicate:digest',
};

/**
 * Whether an HTTP fetch revisits an earlier capture, as Heritrix's FetchHistoryProcessor decides:
 * a 304 confirms what the history holds (`server-not-modified`); a 2xx whose digest is that of the
 * last 2xx the history holds repeats its payload (`identical-payload-digest`), whatever a delta
 * run's verdict from the other signals (an ETag or Last-Modified that moved) says, since the
 * bytes are the same; so does a 2xx whose digest the URL-agnostic digest history knows
 * (ContentDigestHistoryLoader set `contentDigestHistory`). A 304 judged unchanged without a history record still confirms something.
 * Undefined for everything else, and for any scheme other than http(s).
 */
export function revisitProfileOf(curi: CrawlUri): RevisitProfileName | undefined {
  if (curi.response === undefined || !(curi.uri.startsWith('http:') || curi.uri.startsWith('https:'))) return undefined;
  if (curi.fetchStatus === 304) return curi.history !== undefined || curi.delta === 'unchanged' ? 'server-not-modified' : undefined;
  const digest = curi.contentDigest;
  if (curi.fetchStatus < 200 || curi.fetchStatus >= 300 || digest === undefined) return undefined;
  // An earlier capture of the same payload under any URL (ContentDigestHistoryLoader).
  if (curi.contentDigestHistory !== undefined) return 'identical-payload-digest';
  const last = curi.history?.fetches.find((f) => f.status >= 200 && f.status < 300);
  return last?.digest === digest ? 'identical-payload-digest' : undefined;
}
