import type { CrawlUri } from '../../model/crawl-uri.js';
import type { WarcRecordBuilder, WarcRecordDraft } from '../../model/receiver.js';
import { isHttp, recordDate } from './builder-support.js';

/** Heritrix's HttpRequestRecordBuilder: a `request` record of the request head as sent, when the fetcher kept it (`curi.requestHead`). */
export class HttpRequestRecordBuilder implements WarcRecordBuilder {
  constructor(readonly config: object = {}) {}

  shouldBuildRecord(curi: CrawlUri): boolean {
    return curi.requestHead !== undefined && isHttp(curi.uri);
  }

  buildRecord(curi: CrawlUri): WarcRecordDraft | undefined {
    if (curi.requestHead === undefined) return undefined;
    return {
      type: 'request', targetUri: curi.uri, date: recordDate(curi), contentType: 'application/http; msgtype=request', fields: [],
      block: [Buffer.from(curi.requestHead, 'latin1')],
    };
  }
}
