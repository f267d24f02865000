/**
 * Where a response's entity begins in the bytes read from the connection, found as Heritrix's
 * RecordingOutputStream finds it: just after the first `\n\n` or `\n\r\n`. -1 when the head has
 * not ended.
 */
export function messageBodyBegin(raw: Buffer): number {
  for (let i = raw.indexOf(10); i >= 0 && i + 1 < raw.length; i = raw.indexOf(10, i + 1)) {
    if (raw[i + 1] === 10) return i + 2;
    if (raw[i + 1] === 13 && i + 2 < raw.length && raw[i + 2] === 10) return i + 3;
  }
  return -1;
}

/** Whether a `Transfer-Encoding` value ends with `chunked` (RFC 9112 §6.1: then the message is chunked). */
export function isChunked(transferEncoding: string | undefined): boolean {
  return transferEncoding !== undefined && /(^|[\s,])chunked\s*$/i.test(transferEncoding);
}

/**
 * The data of a chunked entity without its framing (chunk sizes, extensions, trailers), for an
 * entity that may have been cut anywhere (lenTrunc, timeTrunc): it gives what the chunks it holds
 * carry, the part of a chunk cut short included, and stops at the last chunk or at anything that
 * is not chunk framing.
 */
export function dechunk(entity: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < entity.length) {
    const lineEnd = entity.indexOf(10, at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(entity.toString('latin1', at, lineEnd).split(';')[0].trim(), 16);
    if (!Number.isFinite(size) || size <= 0) break;
    const start = lineEnd + 1;
    const end = Math.min(start + size, entity.length);
    parts.push(entity.subarray(start, end));
    if (end < start + size) break;
    at = end;
    if (entity[at] === 13) at++;
    if (entity[at] === 10) at++;
  }
  return parts.length === 1 ? parts[0] : Buffer.concat(parts);
}

/** A body framed as one chunk and the last chunk: how a response known only without its framing is written back as chunked. */
export function asOneChunk(body: Buffer): Buffer[] {
  if (body.length === 0) return [Buffer.from('0\r\n\r\n', 'latin1')];
  return [Buffer.from(`${body.length.toString(16)}\r\n`, 'latin1'), body, Buffer.from('\r\n0\r\n\r\n', 'latin1')];
}

/**
 * The length of a whole chunked entity (chunks, last chunk, trailer lines and the blank line that
 * ends them) at the start of `entity`; -1 when it does not hold a whole one.
 */
export function chunkedLength(entity: Buffer): number {
  let at = 0;
  for (;;) {
    const lineEnd = entity.indexOf(10, at);
    if (lineEnd < 0) return -1;
    const size = Number.parseInt(entity.toString('latin1', at, lineEnd).split(';')[0].trim(), 16);
    if (!Number.isFinite(size) || size < 0) return -1;
    at = lineEnd + 1;
    if (size === 0) break;
    at += size;
    if (entity[at] === 13) at++;
    if (entity[at] !== 10) return -1;
    at++;
  }
  // Trailer lines, up to the empty line.
  for (;;) {
    const lineEnd = entity.indexOf(10, at);
    if (lineEnd < 0) return -1;
    const empty = lineEnd === at || (lineEnd === at + 1 && entity[at] === 13);
    at = lineEnd + 1;
    if (empty) return at;
  }
}
