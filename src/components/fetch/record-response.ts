import type { CrawlUri } from '../../model/crawl-uri.js';
import type { ResponseBytes } from '../../model/http-response.js';
import { readBack } from '../../util/read-back.js';
import { dechunk, isChunked, messageBodyBegin } from '../../util/transfer-coding.js';
import { contentDigest, type DigestAlgorithm } from './content-digest.js';
import { decodeContent } from './decode-content.js';
import { errorCodeOf, fetchErrorStatus } from './fetch-error-status.js';
import { charsetOf, headerMap } from './header-map.js';
import type { HttpExchange, SpilledPart } from './http-exchange.js';
import { setRecordedSizes } from './recorded-size.js';
import { retryAfterMs } from './retry-after.js';

export interface RecordOptions {
  readonly defaultEncoding: string;
  readonly digestContent: boolean;
  readonly digestAlgorithm: DigestAlgorithm;
  readonly maxDecodedBytes: number;
  /** FetchHTTP's maxLengthBytes: the most bytes of the response kept, headers included; 0 = no limit. */
  readonly maxLengthBytes: number;
  /** The largest body read back whole from a response's scratch file for extraction and receivers. */
  readonly maxBodyInMemoryBytes: number;
}

/**
 * Fills a URI from a finished exchange: on failure the status (-2 ... -6) and an `err:CODE`
 * annotation; else the response (the bytes as read from the connection, the body without its
 * transfer coding, the decoded body), the HTTP status, content type and charset, sizes, digests,
 * truncation annotations (`lenTrunc`, `timeTrunc`, `midFetchAbort`,
 * `unsatisfiableContentEncoding:CODING`) and a 429/503's Retry-After.
 *
 * As Heritrix: the size is the entity's as received (chunk framing included), and the digest
 * crawl.log and the WARC record show is of those same bytes (its recorder digests what it reads
 * after the headers); the content digest that dedup and delta compare is of the body without its
 * framing, which a server may chunk differently each time. A response cut at maxLengthBytes keeps
 * that many bytes, headers included (a head longer than the limit is kept whole, with no body);
 * one cut after its headers (midFetchAbort) keeps its head, as Heritrix's chopAtMessageBodyBegin.
 */
export async function recordResponse(curi: CrawlUri, exchange: HttpExchange, ipAddress: string, options: RecordOptions): Promise<void> {
  curi.defaultEncoding = options.defaultEncoding;
  if (exchange.error !== undefined) {
    curi.fetchStatus = fetchErrorStatus(exchange.error);
    curi.annotations.push(`err:${errorCodeOf(exchange.error)}`);
    return;
  }
  const headers = headerMap(exchange.rawHeaders);
  const chunked = isChunked(headers['transfer-encoding']);
  if (exchange.spilled !== undefined) return recordSpilled(curi, exchange, exchange.spilled, headers, chunked, ipAddress, options);
  const asReceived = exchange.raw === undefined ? undefined : bytesKept(exchange, exchange.raw, options.maxLengthBytes);
  const entity = asReceived?.bytes.subarray(asReceived.headLength);
  const rawBody = bodyOf(exchange, entity, chunked);
  const decoded = await decodeContent(rawBody, headers['content-encoding'], options.maxDecodedBytes, exchange.truncated !== undefined);
  const { statusCode, statusText, rawHeaders, truncated } = exchange;
  curi.response = { statusCode, statusText, httpVersion: '1.1', rawHeaders, headers, rawBody, body: decoded.body, ipAddress, truncated, asReceived };
  curi.contentSize = (entity ?? rawBody).length;
  if (options.digestContent) {
    curi.contentDigest = contentDigest(options.digestAlgorithm, rawBody);
    if (entity !== undefined && entity !== rawBody) curi.payloadDigest = contentDigest(options.digestAlgorithm, entity);
  }
  annotate(curi, exchange, headers, decoded.failedCoding);
}

/**
 * A response that outgrew the in-memory bound: its first bytes in memory, the rest in a file the
 * writers stream from; digests as computed while receiving. The body extractors, decoding and
 * receivers get is the whole entity read back from the file when it fits maxBodyInMemoryBytes;
 * else the beginning held in memory (decoded as far as it goes), annotated `inMemoryTrunc`, so
 * that no one takes a part for the whole.
 */
async function recordSpilled(curi: CrawlUri, exchange: HttpExchange, spilled: SpilledPart, headers: Record<string, string>, chunked: boolean,
  ipAddress: string, options: RecordOptions): Promise<void> {
  const prefix = exchange.raw ?? Buffer.alloc(0);
  const asReceived: ResponseBytes = {
    bytes: prefix, headLength: spilled.headLength, spilled: { path: spilled.path, start: 0, length: spilled.length }, entitySha1: spilled.entitySha1,
    blockSha1: spilled.blockSha1,
  };
  const entityStart = prefix.subarray(spilled.headLength);
  const whole = entityStart.length + spilled.length <= options.maxBodyInMemoryBytes;
  const entity = whole ? await readBack(entityStart, spilled.path, spilled.length) : entityStart;
  const rawBody = chunked ? dechunk(entity) : entity;
  const decoded = await decodeContent(rawBody, headers['content-encoding'], options.maxDecodedBytes, true);
  const { statusCode, statusText, rawHeaders, truncated } = exchange;
  curi.response = { statusCode, statusText, httpVersion: '1.1', rawHeaders, headers, rawBody, body: decoded.body, ipAddress, truncated, asReceived };
  curi.contentSize = entityStart.length + spilled.length;
  if (options.digestContent) {
    curi.contentDigest = chunked ? spilled.contentDigest : spilled.entityDigest;
    if (chunked) curi.payloadDigest = spilled.entityDigest;
  }
  annotate(curi, exchange, headers, decoded.failedCoding);
  if (!whole) curi.annotations.push('inMemoryTrunc');
}

/** Status, type, sizes and the annotations every fetched response gets. */
function annotate(curi: CrawlUri, exchange: HttpExchange, headers: Record<string, string>, failedCoding: string | undefined): void {
  const { statusCode, truncated } = exchange;
  curi.fetchStatus = statusCode;
  curi.contentType = headers['content-type'] ?? '';
  curi.contentCharset = charsetOf(curi.contentType);
  setRecordedSizes(curi, curi.response!);
  if (truncated !== undefined) curi.annotations.push(truncated === 'length' ? 'lenTrunc' : 'timeTrunc');
  if (exchange.bodySkipped) curi.annotations.push('midFetchAbort');
  if (failedCoding !== undefined) curi.annotations.push(`unsatisfiableContentEncoding:${failedCoding}`);
  if (statusCode === 429 || statusCode === 503) {
    const delay = retryAfterMs(headers['retry-after']);
    if (delay !== undefined) curi.requestedDelayMs = delay;
  }
}

/** The bytes of a response kept: all that was read, cut at the length limit, or the head alone when the body was not wanted. */
function bytesKept(exchange: HttpExchange, raw: Buffer, maxLengthBytes: number): ResponseBytes {
  const begin = exchange.rawHeadLength ?? messageBodyBegin(raw);
  const headLength = begin < 0 ? raw.length : begin;
  if (exchange.bodySkipped) return { bytes: raw.subarray(0, headLength), headLength };
  if (exchange.truncated === 'length' && maxLengthBytes > 0 && raw.length > maxLengthBytes) {
    return { bytes: raw.subarray(0, Math.max(maxLengthBytes, headLength)), headLength };
  }
  return { bytes: raw, headLength };
}

/**
 * The body without its transfer coding: as undici delivered it, or, from the bytes kept, the
 * entity itself when not chunked (no copy) and its chunks' data when cut short (undici may have
 * parsed past the cut).
 */
function bodyOf(exchange: HttpExchange, entity: Buffer | undefined, chunked: boolean): Buffer {
  if (entity === undefined) return Buffer.concat(exchange.chunks, exchange.received);
  if (!chunked) return entity;
  if (exchange.truncated !== undefined || exchange.bodySkipped) return dechunk(entity);
  return Buffer.concat(exchange.chunks, exchange.received);
}
