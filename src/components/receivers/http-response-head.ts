import type { RecordPiece } from '../../model/file-span.js';
import type { HttpResponse } from '../../model/http-response.js';
import { asOneChunk, isChunked } from '../../util/transfer-coding.js';

/** The content type of a record whose block is an HTTP response, or its head (a revisit's). */
export const HTTP_RESPONSE_MIMETYPE = 'application/http; msgtype=response';

/**
 * The head of an HTTP response as Heritrix's writers store it: the status line, the header lines
 * and the blank line, byte for byte as read from the connection. A response known only without
 * its bytes (made up rather than fetched) gets them rebuilt: status line, headers as received, in
 * order (latin1), blank line.
 */
export function httpResponseHead(response: HttpResponse): Buffer {
  const received = response.asReceived;
  if (received !== undefined) return received.bytes.subarray(0, received.headLength);
  const raw = response.rawHeaders;
  let head = `HTTP/${response.httpVersion} ${response.statusCode} ${response.statusText}\r\n`;
  for (let i = 0; i + 1 < raw.length; i += 2) head += `${raw[i]}: ${raw[i + 1]}\r\n`;
  return Buffer.from(`${head}\r\n`, 'latin1');
}

/**
 * The entity of an HTTP response as Heritrix's writers store it: as it came, its transfer coding
 * (chunk framing) and content coding kept, so that replay tools de-chunk and decode it as they
 * would the live response. A response known only without its bytes that said it was chunked gets
 * its body framed again, as one chunk, so that its head does not lie.
 */
export function httpResponseEntity(response: HttpResponse): RecordPiece[] {
  const received = response.asReceived;
  if (received?.spilled !== undefined) return [received.bytes.subarray(received.headLength), received.spilled];
  if (received !== undefined) return [received.bytes.subarray(received.headLength)];
  return isChunked(response.headers['transfer-encoding']) ? asOneChunk(response.rawBody) : [response.rawBody];
}
