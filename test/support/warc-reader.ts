import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { crc32, inflateRawSync } from 'node:zlib';

/**
 * A small, strict WARC reader for tests, written apart from the writer and from warcio: it
 * gunzips member by member with zlib (checking each member's CRC-32 and size), requires exactly
 * one record per member, parses the WARC header, and checks Content-Length and the closing
 * CRLF CRLF. It throws on anything malformed.
 */

export interface WarcRecordRead {
  readonly file: string;
  /** Where the record (its gzip member, in a .gz file) begins in the file. */
  readonly offset: number;
  readonly version: string;
  /** Header fields in the order written. */
  readonly fields: ReadonlyArray<readonly [string, string]>;
  readonly block: Buffer;
}

export interface HttpMessageRead {
  readonly startLine: string;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** The entity as stored (chunk framing kept). */
  readonly body: Buffer;
  /** The body without its chunk framing, when the head says chunked; else the body. */
  readonly payload: Buffer;
}

/** A field's value (names compared without case); undefined when absent. */
export function field(record: WarcRecordRead, name: string): string | undefined {
  const lower = name.toLowerCase();
  return record.fields.find(([n]) => n.toLowerCase() === lower)?.[1];
}

/** Every record of a file, in order. */
export async function readWarcFile(path: string): Promise<WarcRecordRead[]> {
  const bytes = await readFile(path);
  if (!path.endsWith('.gz') && !path.endsWith('.gz.open')) return readPlain(path, bytes);
  return gzipMembers(bytes).map(({ offset, data }) => {
    const { record, end } = parseRecord(path, offset, data, 0);
    if (end !== data.length) throw new Error(`${path}@${offset}: gzip member holds ${data.length - end} bytes after its record`);
    return record;
  });
}

function readPlain(path: string, bytes: Buffer): WarcRecordRead[] {
  const records: WarcRecordRead[] = [];
  for (let at = 0; at < bytes.length; ) {
    const { record, end } = parseRecord(path, at, bytes, at);
    records.push(record);
    at = end;
  }
  return records;
}

/** The members of a gzip file: where each begins, and what it inflates to. */
export function gzipMembers(bytes: Buffer): Array<{ offset: number; data: Buffer }> {
  const members: Array<{ offset: number; data: Buffer }> = [];
  for (let at = 0; at < bytes.length; ) {
    if (bytes[at] !== 0x1f || bytes[at + 1] !== 0x8b || bytes[at + 2] !== 8) throw new Error(`no gzip member at ${at}`);
    const deflateAt = at + gzipHeaderLength(bytes, at);
    const { buffer, engine } = inflateRawSync(bytes.subarray(deflateAt), { info: true }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
    const trailer = deflateAt + engine.bytesWritten;
    if (bytes.readUInt32LE(trailer) !== crc32(buffer)) throw new Error(`gzip member at ${at}: CRC-32 mismatch`);
    if (bytes.readUInt32LE(trailer + 4) !== buffer.length % 2 ** 32) throw new Error(`gzip member at ${at}: ISIZE mismatch`);
    members.push({ offset: at, data: buffer });
    at = trailer + 8;
  }
  return members;
}

/** RFC 1952: 10 bytes, then the optional extra field, name, comment and header CRC the flags announce. */
function gzipHeaderLength(bytes: Buffer, at: number): number {
  const flags = bytes[at + 3];
  let p = at + 10;
  if (flags & 4) p += 2 + bytes.readUInt16LE(p);
  if (flags & 8) p = bytes.indexOf(0, p) + 1;
  if (flags & 16) p = bytes.indexOf(0, p) + 1;
  if (flags & 2) p += 2;
  return p - at;
}

function parseRecord(file: string, offset: number, data: Buffer, start: number): { record: WarcRecordRead; end: number } {
  const headEnd = data.indexOf('\r\n\r\n', start, 'latin1');
  if (headEnd === -1) throw new Error(`${file}@${offset}: no end to the WARC header`);
  const lines = data.subarray(start, headEnd).toString('utf8').split('\r\n');
  const version = lines[0];
  if (version !== 'WARC/1.0' && version !== 'WARC/1.1') throw new Error(`${file}@${offset}: not a WARC record (${JSON.stringify(version)})`);
  const fields = lines.slice(1).map((line): [string, string] => {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`${file}@${offset}: bad header line ${JSON.stringify(line)}`);
    return [line.slice(0, colon), line.slice(colon + 1).trim()];
  });
  const record0 = { file, offset, version, fields, block: Buffer.alloc(0) };
  const length = Number(field(record0, 'Content-Length'));
  if (!Number.isInteger(length) || length < 0) throw new Error(`${file}@${offset}: bad Content-Length`);
  const blockAt = headEnd + 4;
  if (blockAt + length + 4 > data.length) throw new Error(`${file}@${offset}: Content-Length ${length} runs past the data`);
  if (data.toString('latin1', blockAt + length, blockAt + length + 4) !== '\r\n\r\n') throw new Error(`${file}@${offset}: no CRLF CRLF after the block`);
  return { record: { ...record0, block: data.subarray(blockAt, blockAt + length) }, end: blockAt + length + 4 };
}

/** An application/http block: its start line, header lines in order, and the body. */
export function parseHttpMessage(block: Buffer): HttpMessageRead {
  const headEnd = block.indexOf('\r\n\r\n', 0, 'latin1');
  if (headEnd === -1) throw new Error('HTTP message without an end of headers');
  const [startLine, ...lines] = block.toString('latin1', 0, headEnd).split('\r\n');
  const headers = lines.map((line): [string, string] => {
    const colon = line.indexOf(':');
    return [line.slice(0, colon), line.slice(colon + 1).trim()];
  });
  const body = block.subarray(headEnd + 4);
  const te = headers.find(([n]) => n.toLowerCase() === 'transfer-encoding')?.[1];
  return { startLine, headers, body, payload: te !== undefined && /chunked\s*$/i.test(te) ? dechunkStrict(body) : body };
}

/** A whole chunked entity's data (RFC 9112 §7.1), written here independently of the crawler; throws on bad framing. */
export function dechunkStrict(entity: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = entity.indexOf('\r\n', at, 'latin1');
    if (lineEnd < 0) throw new Error(`chunk size line missing at ${at}`);
    const size = parseInt(entity.toString('latin1', at, lineEnd).split(';')[0], 16);
    if (!Number.isInteger(size)) throw new Error(`bad chunk size at ${at}`);
    if (size === 0) return Buffer.concat(parts);
    parts.push(entity.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size;
    if (entity.toString('latin1', at, at + 2) !== '\r\n') throw new Error(`no CRLF after chunk data at ${at}`);
    at += 2;
  }
}

export function httpHeader(message: HttpMessageRead, name: string): string | undefined {
  const lower = name.toLowerCase();
  return message.headers.find(([n]) => n.toLowerCase() === lower)?.[1];
}

/** `sha1:BASE32` (RFC 4648, unpadded), computed here independently of the writer. */
export function sha1Digest(bytes: Uint8Array): string {
  const digest = createHash('sha1').update(bytes).digest();
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const b of digest) bits += b.toString(2).padStart(8, '0');
  let out = '';
  for (let i = 0; i < bits.length; i += 5) out += alphabet[parseInt(bits.slice(i, i + 5).padEnd(5, '0'), 2)];
  return `sha1:${out}`;
}
