import type { CrawlUri } from '../../model/crawl-uri.js';
import type { WarcRecordBuilder, WarcRecordDraft } from '../../model/receiver.js';
import { isHttp, recordDate } from './builder-support.js';
import { httpResponseHead } from './http-response-head.js';
import { revisitOf } from './revisit-record-builder.js';
import { sha1Base32 } from './sha1-base32.js';

export const HTTP_RESPONSE_MIMETYPE = 'application/http; msgtype=response';

/**
 * Heritrix's HttpResponseRecordBuilder: a `response` record holding the HTTP response as
 * received (see httpResponseHead; the body keeps its content coding), with WARC-Payload-Digest
 * over those body bytes, WARC-IP-Address (the address connected to) and WARC-Truncated when the
 * body was cut (`length`, `time`, or `unspecified` when the fetch stopped after the headers).
 * A URI the fetch history judged unchanged (a 304, or a 2xx with the last digest) gets none: as in
 * Heritrix, RevisitRecordBuilder writes a `revisit` record in its place.
 */
export class HttpResponseRecordBuilder implements WarcRecordBuilder {
  constructor(readonly config: object = {}) {}

  shouldBuildRecord(curi: CrawlUri): boolean {
    return curi.response !== undefined && isHttp(curi.uri) && revisitOf(curi) === undefined;
  }

  buildRecord(curi: CrawlUri): WarcRecordDraft | undefined {
    const response = curi.response;
    if (response === undefined) return undefined;
    const body = response.rawBody;
    // The fetcher's sha1 digest is over these same bytes; any other algorithm is recomputed.
    const digest = curi.contentDigest?.startsWith('sha1:') ? curi.contentDigest : sha1Base32(body);
    const fields: Array<[string, string]> = [['WARC-Payload-Digest', digest]];
    if (response.ipAddress) fields.push(['WARC-IP-Address', response.ipAddress]);
    const truncated = response.truncated ?? (curi.annotations.includes('midFetchAbort') ? 'unspecified' : undefined);
    if (truncated !== undefined) fields.push(['WARC-Truncated', truncated]);
    return {
      type: 'response', targetUri: curi.uri, date: recordDate(curi), contentType: HTTP_RESPONSE_MIMETYPE, fields,
      block: [httpResponseHead(response), body],
    };
  }
}
