import { open, type FileHandle } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';

/** One WARC record as read back: where it starts in its file, how many bytes it takes there, its header and block. */
export interface WarcRecordRead {
  readonly offset: number;
  /** Bytes in the file: the whole gzip member, or the uncompressed record with its closing CRLF CRLF. */
  readonly length: number;
  /** Header fields by lower-case name (the first of each). */
  readonly header: ReadonlyMap<string, string>;
  readonly block: Buffer;
}

const FIRST_WINDOW = 1 << 16;

/**
 * The records of a WARC file, in order: `.warc.gz` files as beancrawl (and Heritrix) write them,
 * one gzip member per record, or plain `.warc`. Each record is read by itself, so that offsets and
 * lengths are those a CDX index gives, and no more than one record is held at a time.
 */
export async function* readWarcRecords(path: string): AsyncGenerator<WarcRecordRead> {
  const fh = await open(path, 'r');
  try {
    const size = (await fh.stat()).size;
    for (let offset = await skipBlank(fh, 0, size); offset < size; ) {
      const record = await recordAt(fh, offset, size, path);
      yield record;
      offset = await skipBlank(fh, offset + record.length, size);
    }
  } finally {
    await fh.close();
  }
}

/** The record at `offset` of a WARC file (an offset from its CDX index). */
export async function readWarcRecordAt(path: string, offset: number): Promise<WarcRecordRead> {
  const fh = await open(path, 'r');
  try {
    return await recordAt(fh, offset, (await fh.stat()).size, path);
  } finally {
    await fh.close();
  }
}

async function recordAt(fh: FileHandle, offset: number, size: number, path: string): Promise<WarcRecordRead> {
  for (let window = FIRST_WINDOW; ; window *= 4) {
    const bytes = await readAt(fh, offset, Math.min(window, size - offset));
    const whole = offset + bytes.length >= size;
    const parsed = bytes[0] === 0x1f && bytes[1] === 0x8b ? gzipMember(bytes, whole) : plainRecord(bytes);
    if (parsed) return { offset, length: parsed.length, ...parseRecord(parsed.data, path, offset) };
    if (whole) throw new Error(`${path}: the record at offset ${offset} is cut short`);
  }
}

/** The member at the start of `bytes`: its inflated data and stored length; undefined when `bytes` holds only part of it. */
function gzipMember(bytes: Buffer, whole: boolean): { data: Buffer; length: number } | undefined {
  let at = 10;
  const flags = bytes[3];
  if (flags & 4) at += 2 + bytes.readUInt16LE(at);
  if (flags & 8) at = bytes.indexOf(0, at) + 1;
  if (flags & 16) at = bytes.indexOf(0, at) + 1;
  if (flags & 2) at += 2;
  try {
    const { buffer, engine } = inflateRawSync(bytes.subarray(at), { info: true }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
    const length = at + engine.bytesWritten + 8;
    if (length > bytes.length && !whole) return undefined;
    return { data: buffer, length: Math.min(length, bytes.length) };
  } catch (e) {
    if (!whole && (e as { code?: string }).code === 'Z_BUF_ERROR') return undefined;
    throw e;
  }
}

/** An uncompressed record at the start of `bytes`, with its closing CRLF CRLF; undefined when `bytes` holds only part of it. */
function plainRecord(bytes: Buffer): { data: Buffer; length: number } | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(bytes.subarray(0, end).toString('latin1'));
  const total = end + 4 + Number(length?.[1] ?? 0) + 4;
  return total <= bytes.length ? { data: bytes.subarray(0, total), length: total } : undefined;
}

function parseRecord(data: Buffer, path: string, offset: number): { header: Map<string, string>; block: Buffer } {
  const end = data.indexOf('\r\n\r\n');
  const lines = data.subarray(0, end === -1 ? data.length : end).toString('utf8').split('\r\n');
  if (end === -1 || !lines[0].startsWith('WARC/')) throw new Error(`${path}: no WARC record at offset ${offset}`);
  const header = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    if (colon > 0 && !header.has(name)) header.set(name, line.slice(colon + 1).trim());
  }
  const length = Number(header.get('content-length') ?? 0);
  return { header, block: data.subarray(end + 4, end + 4 + length) };
}

async function readAt(fh: FileHandle, offset: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buffer, 0, length, offset);
  return buffer.subarray(0, bytesRead);
}

/** Past the newlines some writers leave between records (ARC-era files, concatenated ones). */
async function skipBlank(fh: FileHandle, offset: number, size: number): Promise<number> {
  while (offset < size) {
    const b = await readAt(fh, offset, Math.min(256, size - offset));
    let i = 0;
    while (i < b.length && (b[i] === 0x0a || b[i] === 0x0d)) i++;
    if (i < b.length) return offset + i;
    offset += b.length;
  }
  return offset;
}
