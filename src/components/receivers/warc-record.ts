import { randomUUID } from 'node:crypto';
import { isFileSpan, pieceLength, type RecordPiece } from '../../model/file-span.js';
import type { WarcRecordDraft } from '../../model/receiver.js';
import { log14Date } from '../../util/log14-date.js';
import type { GzipMembers } from './gzip-members.js';
import { sha1Base32 } from '../../util/sha1-base32.js';
import { gzipToFile, hasFileSpan, sha1OfPieces } from './record-pieces.js';

const END = Buffer.from('\r\n\r\n', 'latin1');

/** A new WARC-Record-ID: `<urn:uuid:…>`. */
export function newRecordId(): string {
  return `<urn:uuid:${randomUUID()}>`;
}

/**
 * A record's bytes as they go into the file: the WARC/1.0 header (type, target, date, link to the
 * first record of its URI, WARC-Block-Digest, the builder's fields, id, content type, length), the
 * block and the closing CRLF CRLF; with a compressor, one gzip member of all that. Every record
 * carries WARC-Block-Digest, sha1 over its block as stored (`sha1:BASE32`, the form of Heritrix's
 * payload digests), so that a checker (warcio's `check`) verifies each record whole, not only the
 * payloads: the draft's when the fetcher computed it as the bytes came, else computed here from
 * the bytes in memory (a block partly in a file and not digested before is read once more).
 */
export async function encodeWarcRecord(draft: WarcRecordDraft, id: string, concurrentTo: string | undefined, gzip?: GzipMembers): Promise<RecordPiece[]> {
  let length = 0;
  for (const piece of draft.block) length += pieceLength(piece);
  const blockDigest = draft.blockDigest ?? (hasFileSpan(draft.block) ? await sha1OfPieces(draft.block) : sha1Base32(...(draft.block as Uint8Array[])));
  const head = warcHeader(draft, id, concurrentTo, length, blockDigest);
  const pieces: RecordPiece[] = [head, ...draft.block.map(asPiece), END];
  // A block partly kept in a file is compressed into a file too, as a stream: never whole in memory.
  if (gzip && hasFileSpan(pieces)) return [await gzipToFile(pieces)];
  return gzip ? [await gzip.gzip(Buffer.concat(pieces as Buffer[]))] : pieces;
}

function warcHeader(draft: WarcRecordDraft, id: string, concurrentTo: string | undefined, length: number, blockDigest: string): Buffer {
  let s = `WARC/1.0\r\nWARC-Type: ${draft.type}\r\n`;
  if (draft.targetUri !== undefined) s += `WARC-Target-URI: ${draft.targetUri}\r\n`;
  s += `WARC-Date: ${log14Date(draft.date)}\r\n`;
  if (concurrentTo !== undefined) s += `WARC-Concurrent-To: ${concurrentTo}\r\n`;
  s += `WARC-Block-Digest: ${blockDigest}\r\n`;
  for (const [name, value] of draft.fields) s += `${name}: ${value}\r\n`;
  s += `WARC-Record-ID: ${id}\r\n`;
  s += `Content-Type: ${draft.contentType}\r\nContent-Length: ${length}\r\n\r\n`;
  return Buffer.from(s, 'utf8');
}

function asPiece(piece: RecordPiece): RecordPiece {
  if (isFileSpan(piece)) return piece;
  return Buffer.isBuffer(piece) ? piece : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
}
