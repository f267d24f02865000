import type { CrawlUri } from '../../model/crawl-uri.js';

/** The URL of an http(s) URI (parsed once, kept on the URI), or undefined for another scheme or one that does not parse. */
export function httpUrlOf(curi: CrawlUri): URL | undefined {
  const uri = curi.uri;
  if (!(uri.startsWith('http:') || uri.startsWith('https:'))) return undefined;
  return curi.url;
}
