import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { isFileSpan, type FileSpan, type RecordPiece } from '../../model/file-span.js';
import { GZIP_OPTIONS } from './gzip-members.js';
import { base32 } from '../../util/base32.js';
import { waitForDrain } from '../../util/wait-for-drain.js';

let serial = 0;

/** Whether any piece is kept in a file (then the record is streamed, never gathered in memory). */
export function hasFileSpan(pieces: readonly RecordPiece[]): boolean {
  for (const p of pieces) if (isFileSpan(p)) return true;
  return false;
}

/** The bytes of the pieces in order, a file span read in chunks of 256 KiB; throws when a span's file holds fewer bytes than it says. */
export async function* pieceBytes(pieces: readonly RecordPiece[]): AsyncGenerator<Buffer> {
  for (const p of pieces) {
    if (!isFileSpan(p)) {
      yield Buffer.isBuffer(p) ? p : Buffer.from(p.buffer, p.byteOffset, p.byteLength);
      continue;
    }
    if (p.length === 0) continue;
    let read = 0;
    for await (const chunk of createReadStream(p.path, { start: p.start, end: p.start + p.length - 1, highWaterMark: 1 << 18 })) {
      read += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
    if (read !== p.length) throw new Error(`${p.path}: ${read} bytes where ${p.length} were kept`);
  }
}

/** `sha1:BASE32` of the pieces' bytes, file spans read in chunks. */
export async function sha1OfPieces(pieces: readonly RecordPiece[]): Promise<string> {
  const hash = createHash('sha1');
  for await (const chunk of pieceBytes(pieces)) hash.update(chunk);
  return `sha1:${base32(hash.digest())}`;
}

/** Writes the pieces to a stream in order, waiting for it to drain as it goes. */
export async function writePieces(stream: Writable, pieces: readonly RecordPiece[]): Promise<void> {
  for await (const chunk of pieceBytes(pieces)) {
    if (!stream.write(chunk)) await waitForDrain(stream);
  }
}

/** One gzip member of all the pieces, written next to the first file span's file: a temporary span. */
export async function gzipToFile(pieces: readonly RecordPiece[]): Promise<FileSpan> {
  const span = pieces.find(isFileSpan)!;
  const path = `${span.path}.${process.pid}-${++serial}.gz`;
  await pipeline(pieceBytes(pieces), createGzip(GZIP_OPTIONS), createWriteStream(path));
  return { path, start: 0, length: (await stat(path)).size, temporary: true };
}

/** Removes the temporary files among the pieces (errors ignored: the scratch folder is emptied at the next start). */
export async function removeTemporary(pieces: readonly RecordPiece[]): Promise<void> {
  // A scratch copy that stays is only disk space: the scratch folder is emptied at the next start.
  for (const p of pieces) if (isFileSpan(p) && p.temporary) await unlink(p.path).catch(() => undefined);
}
