import type { CrawlUri } from '../../model/crawl-uri.js';
import type { WarcRecordBuilder, WarcRecordDraft } from '../../model/receiver.js';
import { isHttp, recordDate } from './builder-support.js';
import { HTTP_RESPONSE_MIMETYPE, httpResponseEntity, httpResponseHead } from './http-response-head.js';
import { revisitOf } from './revisit-record-builder.js';
import { warcPayloadDigest } from './warc-payload-digest.js';

/**
 * Heritrix's HttpResponseRecordBuilder: a `response` record holding the HTTP response as
 * received, byte for byte (status line, headers, and the entity with its chunk framing and content
 * coding; Content-Length counts those bytes), with WARC-Payload-Digest over the entity as stored
 * (Heritrix's recorder digests what it reads after the headers, chunk framing included; the
 * crawl.log shows the same value), WARC-IP-Address (the address connected to) and WARC-Truncated when the
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
    const entity = httpResponseEntity(response);
    const fields: Array<[string, string]> = [['WARC-Payload-Digest', warcPayloadDigest(curi, entity)]];
    if (response.ipAddress) fields.push(['WARC-IP-Address', response.ipAddress]);
    const truncated = response.truncated ?? (curi.annotations.includes('midFetchAbort') ? 'unspecified' : undefined);
    if (truncated !== undefined) fields.push(['WARC-Truncated', truncated]);
    return {
      type: 'response', targetUri: curi.uri, date: recordDate(curi), contentType: HTTP_RESPONSE_MIMETYPE, fields,
      block: [httpResponseHead(response), ...entity],
      // The block is the bytes as received: head and entity, digested as they came when kept partly in a file.
      blockDigest: response.asReceived?.spilled !== undefined ? response.asReceived.blockSha1 : undefined,
    };
  }
}
