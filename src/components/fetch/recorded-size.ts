import type { CrawlUri } from '../../model/crawl-uri.js';
import type { HttpResponse } from '../../model/http-response.js';

/**
 * How many bytes of the response Heritrix's recorder would hold: all that was read from the
 * connection (status line, header lines, blank line, entity with its chunk framing). A response
 * known only without its bytes (made up, not fetched) counts its status line, header lines and body.
 */
export function recordedResponseSize(response: HttpResponse): number {
  if (response.asReceived !== undefined) return response.asReceived.bytes.length + (response.asReceived.spilled?.length ?? 0);
  let head = `HTTP/${response.httpVersion} ${response.statusCode} ${response.statusText}\r\n`.length + 2;
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) head += Buffer.byteLength(raw[i], 'latin1') + 2 + Buffer.byteLength(raw[i + 1], 'latin1') + 2;
  return head + response.rawBody.length;
}

/**
 * Sets the sizes Heritrix's FetchHTTP.setSizes sets: `contentSize` in the extra info (what was
 * recorded) and the reporting size, which for a 304 adds the length of the body it confirms (the
 * last 2xx of the fetch history), so that not-modified bytes count what the server did not resend.
 */
export function setRecordedSizes(curi: CrawlUri, response: HttpResponse): void {
  const recorded = recordedResponseSize(response);
  curi.extraInfo.contentSize = recorded;
  const confirmed = response.statusCode === 304 ? curi.history?.fetches.find((f) => f.status >= 200 && f.status < 300)?.size : undefined;
  curi.recordedSize = recorded + (confirmed ?? 0);
}
