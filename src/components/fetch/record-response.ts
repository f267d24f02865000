import type { CrawlUri } from '../../model/crawl-uri.js';
import { contentDigest, type DigestAlgorithm } from './content-digest.js';
import { decodeContent } from './decode-content.js';
import { errorCodeOf, fetchErrorStatus } from './fetch-error-status.js';
import { charsetOf, headerMap } from './header-map.js';
import type { HttpExchange } from './http-exchange.js';
import { setRecordedSizes } from './recorded-size.js';
import { retryAfterMs } from './retry-after.js';

export interface RecordOptions {
  readonly defaultEncoding: string;
  readonly digestContent: boolean;
  readonly digestAlgorithm: DigestAlgorithm;
  readonly maxDecodedBytes: number;
}

/**
 * Fills a URI from a finished exchange: on failure the status (-2 ... -6) and an `err:CODE`
 * annotation; else the response (raw body as received, decoded body), the HTTP status, content
 * type and charset, size and digest of the raw body, truncation annotations (`lenTrunc`,
 * `timeTrunc`, `midFetchAbort`, `unsatisfiableContentEncoding:CODING`) and a 429/503's Retry-After.
 */
export async function recordResponse(curi: CrawlUri, exchange: HttpExchange, ipAddress: string, options: RecordOptions): Promise<void> {
  curi.defaultEncoding = options.defaultEncoding;
  if (exchange.error !== undefined) {
    curi.fetchStatus = fetchErrorStatus(exchange.error);
    curi.annotations.push(`err:${errorCodeOf(exchange.error)}`);
    return;
  }
  const headers = headerMap(exchange.rawHeaders);
  const rawBody = Buffer.concat(exchange.chunks, exchange.received);
  const decoded = await decodeContent(rawBody, headers['content-encoding'], options.maxDecodedBytes, exchange.truncated !== undefined);
  const { statusCode, statusText, rawHeaders, truncated } = exchange;
  curi.response = { statusCode, statusText, httpVersion: '1.1', rawHeaders, headers, rawBody, body: decoded.body, ipAddress, truncated };
  curi.fetchStatus = statusCode;
  curi.contentType = headers['content-type'] ?? '';
  curi.contentCharset = charsetOf(curi.contentType);
  curi.contentSize = rawBody.length;
  setRecordedSizes(curi, curi.response);
  if (options.digestContent) curi.contentDigest = contentDigest(options.digestAlgorithm, rawBody);
  if (truncated !== undefined) curi.annotations.push(truncated === 'length' ? 'lenTrunc' : 'timeTrunc');
  if (exchange.bodySkipped) curi.annotations.push('midFetchAbort');
  if (decoded.failedCoding !== undefined) curi.annotations.push(`unsatisfiableContentEncoding:${decoded.failedCoding}`);
  if (statusCode === 429 || statusCode === 503) {
    const delay = retryAfterMs(headers['retry-after']);
    if (delay !== undefined) curi.requestedDelayMs = delay;
  }
}
