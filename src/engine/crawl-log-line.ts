import { payloadDigestOf, type CrawlUri } from '../model/crawl-uri.js';
import { timestamp17 } from '../util/timestamp17.js';
import { truncateMimeType } from '../util/truncate-mime-type.js';

/**
 * One crawl.log line in Heritrix's field order: time, status (width 5), size (width 10), URI,
 * hops path, via, MIME, `#worker`, fetch begin + duration, digest, source tag, annotations.
 */
export function crawlLogLine(curi: CrawlUri, now: number): string {
  const size = sizeField(curi);
  const fetched = curi.fetchBeginTime > 0 ? `${timestamp17(curi.fetchBeginTime)}+${curi.fetchDurationMs}` : '-';
  return [
    new Date(now).toISOString(),
    String(curi.fetchStatus).padStart(5),
    size.padStart(10),
    curi.uri,
    curi.hopsPath || '-',
    curi.via ?? '-',
    truncateMimeType(curi.contentType),
    `#${String(curi.worker).padStart(3, '0')}`,
    fetched,
    payloadDigestOf(curi) ?? '-',
    curi.sourceTag ?? '-',
    curi.annotations.length ? curi.annotations.join(',') : '-',
  ].join(' ');
}

/**
 * The size field as Heritrix's UriProcessingFormatter writes it: for an HTTP response, the length
 * of its body as received, `0` for an empty one (a 301, 204 or 304 was fetched); for another
 * scheme (dns:, file:), the content's size when there is some; `-` for a URI never fetched (a
 * connection that failed, a robots.txt exclusion, a prerequisite not met).
 */
function sizeField(curi: CrawlUri): string {
  if (curi.response !== undefined) return String(Math.max(curi.contentSize, 0));
  return curi.contentSize > 0 ? String(curi.contentSize) : '-';
}
