import type { CrawlUri } from '../../model/crawl-uri.js';
import type { WarcRecordBuilder, WarcRecordDraft } from '../../model/receiver.js';
import { recordDate } from './builder-support.js';

/** Heritrix's DnsResponseRecordBuilder: a `response` record of a `dns:` lookup's answer, in its zone-file form (`text/dns`). */
export class DnsResponseRecordBuilder implements WarcRecordBuilder {
  constructor(readonly config: object = {}) {}

  shouldBuildRecord(curi: CrawlUri): boolean {
    return curi.uri.startsWith('dns:') && (curi.content !== undefined || curi.text !== undefined);
  }

  buildRecord(curi: CrawlUri): WarcRecordDraft | undefined {
    const bytes = curi.content ?? (curi.text !== undefined ? Buffer.from(curi.text, 'latin1') : undefined);
    if (bytes === undefined) return undefined;
    return { type: 'response', targetUri: curi.uri, date: recordDate(curi), contentType: curi.contentType || 'text/dns', fields: [], block: [bytes] };
  }
}
