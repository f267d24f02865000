import type { RecordPiece } from '../../model/file-span.js';
import { payloadDigestOf, type CrawlUri } from '../../model/crawl-uri.js';
import type { WarcRecordBuilder, WarcRecordDraft } from '../../model/receiver.js';
import { isHttp, recordDate } from './builder-support.js';
import { httpResponseEntity, httpResponseHead } from './http-response-head.js';
import { revisitOf } from './revisit-record-builder.js';
import { sha1Base32 } from '../../util/sha1-base32.js';

export const HTTP_RESPONSE_MIMETYPE = 'application/http; msgtype=response';

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
/**
 * WARC-Payload-Digest of a response as stored: sha1 over its entity bytes as received (Heritrix's
 * digest: chunk framing included). The fetcher's sha1 digest is over these same bytes (unless a
 * made-up chunked body was framed again); any other algorithm is recomputed. A revisit of an
 * identical payload carries the same value its response record would have.
 */
export function warcPayloadDigest(curi: CrawlUri, entity: readonly RecordPiece[] = httpResponseEntity(curi.response!)): string {
  const kept = curi.response?.asReceived?.entitySha1;
  if (kept !== undefined) return kept;
  const fetched = payloadDigestOf(curi);
  return fetched?.startsWith('sha1:') && entity.length === 1 ? fetched : sha1Base32(...(entity as Uint8Array[]));
}

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
