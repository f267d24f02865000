import type { CrawlUri } from '../../model/crawl-uri.js';

/**
 * Heritrix's ContentExtractor checks: a 2xx response with a body, which no extractor before this
 * one has read to the end (`linkExtractorFinished`).
 */
export function isExtractable(curi: CrawlUri): boolean {
  const body = curi.response?.body;
  if (body === undefined || body.length === 0 || curi.linkExtractorFinished) return false;
  return curi.fetchStatus >= 200 && curi.fetchStatus <= 299;
}

/** Whether the URI's path (query and fragment excluded) ends with `suffix`, given in lower case. */
export function pathEndsWith(uri: string, suffix: string): boolean {
  let end = uri.length;
  const query = uri.indexOf('?');
  if (query >= 0) end = query;
  const hash = uri.indexOf('#');
  if (hash >= 0 && hash < end) end = hash;
  if (end < suffix.length) return false;
  for (let i = 0; i < suffix.length; i++) {
    const c = uri.charCodeAt(end - suffix.length + i);
    if ((c >= 0x41 && c <= 0x5a ? c | 0x20 : c) !== suffix.charCodeAt(i)) return false;
  }
  return true;
}
