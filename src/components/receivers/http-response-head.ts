import type { HttpResponse } from '../../model/http-response.js';

/**
 * The head of an HTTP response for a WARC response record: the status line and the header lines
 * as received, in order, with their bytes (latin1) unchanged, then a blank line.
 *
 * The record's body is stored without its transfer coding (the fetcher removed the chunk
 * framing), so a `Transfer-Encoding: chunked` header would lie. As Common Crawl does, the header
 * is kept under the name `X-Crawler-Transfer-Encoding` (any coding other than chunked stays in a
 * `Transfer-Encoding` line), and a `Content-Length` of the stored body is added when the response
 * sent none. Replay tools (pywb, warcio, jwarc) then read the body as it is, without de-chunking.
 */
export function httpResponseHead(response: HttpResponse): Buffer {
  const raw = response.rawHeaders;
  let head = `HTTP/${response.httpVersion} ${response.statusCode} ${response.statusText}\r\n`;
  let hasLength = false;
  let dechunked = false;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i];
    const value = raw[i + 1];
    const lower = name.toLowerCase();
    if (lower === 'content-length') hasLength = true;
    if (lower === 'transfer-encoding' && /(^|[\s,])chunked\s*$/i.test(value)) {
      dechunked = true;
      head += `X-Crawler-${name}: ${value}\r\n`;
      const others = value.split(',').map((c) => c.trim()).filter((c) => c !== '' && c.toLowerCase() !== 'chunked');
      if (others.length) head += `${name}: ${others.join(', ')}\r\n`;
      continue;
    }
    head += `${name}: ${value}\r\n`;
  }
  if (dechunked && !hasLength) head += `Content-Length: ${response.rawBody.length}\r\n`;
  return Buffer.from(`${head}\r\n`, 'latin1');
}
