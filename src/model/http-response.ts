import type { FileSpan } from './file-span.js';

/** An HTTP response as received, for writers: status line and headers as sent, body bytes before content decoding. */
export interface HttpResponse {
  readonly statusCode: number;
  readonly statusText: string;
  readonly httpVersion: string;
  /** Header names and values in the order received, as sent. */
  readonly rawHeaders: readonly string[];
  /** Lower-cased header names to values (joined with ", " when repeated). */
  readonly headers: Readonly<Record<string, string>>;
  /** The body as it came over the wire, transfer coding (chunk framing) removed, content coding kept; its beginning only when the response was kept partly in a file (asReceived.spilled). */
  readonly rawBody: Buffer;
  /**
   * The response exactly as read from the connection, as Heritrix's Recorder keeps it and its
   * writers store it: status line, header lines, blank line, then the entity with its transfer
   * coding (chunk framing) and content coding; cut at maxLengthBytes (headers counted). Absent when
   * not known (a response made up rather than fetched): writers then rebuild it from the rest.
   */
  readonly asReceived?: ResponseBytes;
  /** The body after content decoding (gzip, deflate, br); the same buffer when not encoded. */
  readonly body: Buffer;
  /** The address actually connected to. */
  readonly ipAddress: string;
  /** Why the body was cut short, if it was: `length` (maxLengthBytes) or `time`. */
  readonly truncated?: 'length' | 'time';
}

/**
 * A response's bytes as received, and where its entity begins in them (after the head's blank
 * line). Past the fetcher's in-memory bound (recorderInBufferBytes) the rest is in a file:
 * `bytes` is then the first of them (head and the entity's beginning) and `spilled` the rest, with
 * the entity's sha1 digest (`sha1:BASE32`) and that of all the bytes (`blockSha1`, head
 * included), computed as the bytes came.
 */
export interface ResponseBytes {
  readonly bytes: Buffer;
  readonly headLength: number;
  readonly spilled?: FileSpan;
  readonly entitySha1?: string;
  readonly blockSha1?: string;
}
