import { isFileSpan, pieceLength, type RecordPiece } from '../../model/file-span.js';
import type { GzipMembers } from './gzip-members.js';
import { gzipToFile, hasFileSpan } from './record-pieces.js';

const LF = Buffer.from('\n', 'latin1');

/**
 * The `filedesc://` record that heads an ARC v1 file (Heritrix's ARCWriter): version `1 0` (no XML
 * metadata body), and the line naming the fields of every record that follows. Its length is
 * Heritrix's: the two lines with the newline before them, so it counts the record's closing
 * newline, which readers (Heritrix's, Python warcio) accept as they skip newlines between records.
 */
export function arcFileHeader(fileName: string, date: number): Buffer {
  const rest = '\n1 0 InternetArchive\nURL IP-address Archive-date Content-type Archive-length\n';
  return Buffer.from(`filedesc://${fileName} 0.0.0.0 ${arcDate(date)} text/plain ${Buffer.byteLength(rest)}${rest}\n`, 'utf8');
}

/** One ARC v1 record: `URL IP DATE MIME LENGTH`, the content as received, and a closing newline. */
export function arcRecord(uri: string, ip: string, date: number, contentType: string, content: readonly RecordPiece[]): RecordPiece[] {
  let length = 0;
  for (const piece of content) length += pieceLength(piece);
  const line = `${uri} ${ip || '0.0.0.0'} ${arcDate(date)} ${arcMimeType(contentType)} ${length}\n`;
  if (/[\r\n]/.test(uri) || uri.includes(' ')) throw new Error(`cannot write an ARC record for ${JSON.stringify(uri)}: an ARC header line has no ` +
    `room for spaces or line breaks in a URL`);
  return [Buffer.from(line, 'utf8'), ...content.map((p) => (isFileSpan(p) ? p : Buffer.from(p.buffer, p.byteOffset, p.byteLength))), LF];
}

/** The record's bytes as they go into the file: with a compressor, one gzip member of the whole record. */
export async function encodeArc(pieces: readonly RecordPiece[], gzip: GzipMembers | undefined): Promise<RecordPiece[]> {
  if (gzip && hasFileSpan(pieces)) return [await gzipToFile(pieces)];
  return gzip ? [await gzip.gzip(Buffer.concat(pieces as Buffer[]))] : [...pieces];
}

/**
 * The header line's Content-type field: the media type alone (parameters and spaces would break
 * the space-separated line), `no-type` when there is none, as Heritrix's MimetypeUtils.truncate.
 */
export function arcMimeType(contentType: string): string {
  const type = contentType.split(';', 1)[0].trim().replace(/\s+/g, '');
  return type || 'no-type';
}

/** `YYYYMMDDHHMMSS` in UTC: an ARC header line's Archive-date (Heritrix's ArchiveUtils.get14DigitDate). */
export function arcDate(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}
