import type { CrawlStatistics } from '../../model/crawl-statistics.js';
import { Report } from './report.js';
import { byCountDescending } from './report-format.js';

/** A host name as Heritrix writes it: URL-encoded, except `dns:`. */
function fixup(host: string): string {
  return host === 'dns:' ? host : encodeURIComponent(host);
}

/**
 * hosts-report.txt: per host, by URIs fetched, most first (Heritrix's HostsReport, a space after
 * each field). `#remaining` (URIs still queued per host) is not known yet and is 0. Bytes are
 * Heritrix's content size (headers included). Duplicates by hash are revisits of an identical
 * payload; not-modified ones, 304 answers confirming a capture (revisitProfileOf).
 */
export class HostsReport extends Report {
  readonly filename = 'hosts-report.txt';

  *lines(s: CrawlStatistics): Iterable<string> {
    yield '[#urls] [#bytes] [host] [#robots] [#remaining] [#novel-urls] [#novel-bytes] [#dup-by-hash-urls] [#dup-by-hash-bytes] ' +
      '[#not-modified-urls] [#not-modified-bytes]';
    const suppressEmpty = (this.config as { readonly suppressEmptyHosts?: boolean }).suppressEmptyHosts === true;
    for (const [host, t] of byCountDescending(s.hosts, (h) => h.urls)) {
      if (suppressEmpty && t.urls === 0) continue;
      yield `${t.urls} ${t.bytes} ${fixup(host)} ${t.robotsDenials} 0 ${t.novelUrls} ${t.novelBytes} ${t.dupByHashUrls ?? 0} ` +
        `${t.dupByHashBytes ?? 0} ${t.notModifiedUrls ?? 0} ${t.notModifiedBytes ?? 0} `;
    }
  }
}
