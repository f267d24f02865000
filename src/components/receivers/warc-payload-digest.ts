import type { RecordPiece } from '../../model/file-span.js';
import { payloadDigestOf, type CrawlUri } from '../../model/crawl-uri.js';
import { sha1Base32 } from '../../util/sha1-base32.js';
import { httpResponseEntity } from './http-response-head.js';

/**
 * WARC-Payload-Digest of a response as stored: sha1 over its entity bytes as received (Heritrix's
 * digest: chunk framing included). The fetcher's sha1 digest is over these same bytes (unless a
 * made-up chunked body was framed again); any other algorithm is recomputed. A revisit of an
 * identical payload carries the same value its response record would have, so both builders
 * (HttpResponseRecordBuilder, RevisitRecordBuilder) take it from here.
 */
export function warcPayloadDigest(curi: CrawlUri, entity: readonly RecordPiece[] = httpResponseEntity(curi.response!)): string {
  const kept = curi.response?.asReceived?.entitySha1;
  if (kept !== undefined) return kept;
  const fetched = payloadDigestOf(curi);
  return fetched?.startsWith('sha1:') && entity.length === 1 ? fetched : sha1Base32(...(entity as Uint8Array[]));
}
