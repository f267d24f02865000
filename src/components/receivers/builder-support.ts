import type { CrawlUri } from '../../model/crawl-uri.js';

/** An http: or https: URI. */
export function isHttp(uri: string): boolean {
  return uri.startsWith('http:') || uri.startsWith('https:');
}

/** A record's WARC-Date: when the fetch began (now, for a URI that never recorded it). */
export function recordDate(curi: CrawlUri): number {
  return curi.fetchBeginTime > 0 ? curi.fetchBeginTime : Date.now();
}
