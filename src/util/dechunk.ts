/**
 * The payload of an HTTP body in the chunked transfer coding (RFC 9112 §7.1): the chunks' data
 * without sizes, extensions, the last chunk and trailers. A body cut short (a truncated record)
 * gives what its complete chunks and the start of the cut one hold; undefined when the framing
 * is not chunked at all, so the caller can keep the bytes as they are.
 */
export function dechunk(body: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  let framed = false;
  while (at < body.length) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const sizeText = body.subarray(at, lineEnd).toString('latin1').split(';')[0].trim();
    if (!/^[0-9a-fA-F]+$/.test(sizeText)) break;
    framed = true;
    const size = parseInt(sizeText, 16);
    if (size === 0) break;
    const start = lineEnd + 2;
    parts.push(body.subarray(start, Math.min(start + size, body.length)));
    at = start + size + 2;
  }
  return framed ? Buffer.concat(parts) : undefined;
}
