/** An HTTP response as received, for writers: status line and headers as sent, body bytes before content decoding. */
export interface HttpResponse {
  readonly statusCode: number;
  readonly statusText: string;
  readonly httpVersion: string;
  /** Header names and values in the order received, as sent. */
  readonly rawHeaders: readonly string[];
  /** Lower-cased header names to values (joined with ", " when repeated). */
  readonly headers: Readonly<Record<string, string>>;
  /** The body as it came over the wire (transfer coding removed, content coding kept). */
  readonly rawBody: Buffer;
  /** The body after content decoding (gzip, deflate, br); the same buffer when not encoded. */
  readonly body: Buffer;
  /** The address actually connected to. */
  readonly ipAddress: string;
  /** Why the body was cut short, if it was: `length` (maxLengthBytes) or `time`. */
  readonly truncated?: 'length' | 'time';
}
