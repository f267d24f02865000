import { chunkedLength, isChunked, messageBodyBegin } from '../../util/transfer-coding.js';
import { rawHeaderValue } from './header-map.js';

/**
 * How many of the bytes read from a connection belong to the response that just completed: its
 * head and its entity as the head frames it (Content-Length, or chunked up to the trailer's end;
 * none for 1xx-free 204 and 304). Bytes after it were not asked for: a server that sends a
 * response before the next request was written. A response delimited by the connection's end
 * owns all it read. undefined when the framing cannot be found in `raw` (then all of it is kept).
 */
export function messageExtent(raw: Buffer, statusCode: number, rawHeaders: readonly string[], method: string, firstHead = messageBodyBegin(raw)): number | undefined {
  // The last head in the bytes: 1xx interim responses ("HTTP/1.1 1xx") come before the final one.
  let begin = 0;
  let head = firstHead;
  while (head > 0 && head < raw.length && raw[begin + 9] === 0x31 && /^HTTP\/\d(\.\d)? 1\d\d/.test(raw.toString('latin1', begin, Math.min(begin + 12, raw.length)))) {
    begin = head;
    const next = messageBodyBegin(raw.subarray(begin));
    if (next < 0) return undefined;
    head = begin + next;
  }
  if (head < 0) return undefined;
  if (method === 'HEAD' || statusCode === 204 || statusCode === 304) return head;
  if (isChunked(rawHeaderValue(rawHeaders, 'transfer-encoding'))) {
    const length = chunkedLength(raw.subarray(head));
    return length < 0 ? undefined : head + length;
  }
  const contentLength = rawHeaderValue(rawHeaders, 'content-length');
  if (contentLength !== undefined && /^\d+$/.test(contentLength.trim())) return head + Number(contentLength.trim());
  return undefined;
}
