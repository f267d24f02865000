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
