/**
 * Bytes kept in a file rather than in memory: `length` bytes of `path` from `start`. A response's
 * bytes past the fetcher's in-memory bound are kept so (Heritrix's recorder backing file), and
 * writers stream them into their records. `temporary`: the file was made for one write and is
 * removed after it.
 */
export interface FileSpan {
  readonly path: string;
  readonly start: number;
  readonly length: number;
  readonly temporary?: boolean;
}

/** A piece of a record: bytes in memory, or a span of a file. */
export type RecordPiece = Uint8Array | FileSpan;

export function isFileSpan(piece: RecordPiece): piece is FileSpan {
  return !(piece instanceof Uint8Array);
}

export function pieceLength(piece: RecordPiece): number {
  return isFileSpan(piece) ? piece.length : piece.byteLength;
}

/**
 * A non-HTTP fetch's content kept partly in a file (a mail message past FetchImap's in-memory
 * bound): its first bytes in memory, the rest in a file of the URI's scratch files, and the sha1
 * of it all (`sha1:BASE32`, computed as it came: its WARC block digest). Writers stream it whole
 * from there; `content` holds what extractors and receivers get (all of it read back, or `first`).
 */
export interface SpilledContent {
  readonly first: Buffer;
  readonly rest: FileSpan;
  readonly sha1: string;
}
