import type { CrawlUri } from '../model/crawl-uri.js';
import { timestamp17 } from '../util/timestamp17.js';

/** What crawl.log and the reports write for a URI without a MIME type (Heritrix's MimetypeUtils.NO_TYPE_MIMETYPE). */
export const NO_TYPE = 'no-type';

/**
 * One crawl.log line in Heritrix's field order: time, status (width 5), size (width 10), URI,
 * hops path, via, MIME, `#worker`, fetch begin + duration, digest, source tag, annotations.
 */
export function crawlLogLine(curi: CrawlUri, now: number): string {
  const size = curi.contentSize > 0 ? String(curi.contentSize) : '-';
  const fetched = curi.fetchBeginTime > 0 ? `${timestamp17(curi.fetchBeginTime)}+${curi.fetchDurationMs}` : '-';
  return [
    new Date(now).toISOString(),
    String(curi.fetchStatus).padStart(5),
    size.padStart(10),
    curi.uri,
    curi.hopsPath || '-',
    curi.via ?? '-',
    curi.mimeType || NO_TYPE,
    `#${String(curi.worker).padStart(3, '0')}`,
    fetched,
    curi.contentDigest ?? '-',
    curi.sourceTag ?? '-',
    curi.annotations.length ? curi.annotations.join(',') : '-',
  ].join(' ');
}
