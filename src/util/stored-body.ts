import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { dechunk } from './transfer-coding.js';

/**
 * A body stored as received (a WARC `response` record's) as the page was meant: without its chunk
 * framing when `head` (the HTTP status line and headers) says it was chunked, then decoded from
 * its Content-Encoding (gzip, deflate, br; other codings, and a body that does not decode, left as
 * they are). `decoded` names the coding taken off.
 */
export function decodeStoredBody(head: string, stored: Buffer): { body: Buffer; decoded?: string } {
  const chunked = /\r\ntransfer-encoding:[ \t]*[^\r\n]*chunked/i.test(head);
  const body = chunked ? dechunk(stored) : stored;
  const coding = /\r\ncontent-encoding:[ \t]*([^\r\n]*)/i.exec(head)?.[1].trim().toLowerCase();
  try {
    if (coding === 'gzip' || coding === 'x-gzip') return { body: gunzipSync(body), decoded: coding };
    if (coding === 'br') return { body: brotliDecompressSync(body), decoded: coding };
    if (coding === 'deflate') {
      try {
        return { body: inflateSync(body), decoded: coding };
      } catch {
        return { body: inflateRawSync(body), decoded: coding };
      }
    }
  } catch {
    // A body that does not decode is given as stored.
  }
  return { body };
}
