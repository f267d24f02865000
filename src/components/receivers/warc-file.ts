import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, truncate } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { pieceLength, type RecordPiece } from '../../model/file-span.js';
import { BatchedWrites } from '../../util/batched-writes.js';
import { waitForDrain } from '../../util/wait-for-drain.js';
import { hasFileSpan, writePieces } from './record-pieces.js';
import { makeFolders } from '../../util/make-folders.js';

export const OPEN_SUFFIX = '.open';
export const INVALID_SUFFIX = '.invalid';

/**
 * One WARC file being written: `NAME.open` until it is closed, then renamed to NAME (or to
 * `NAME.invalid` after a write error, as Heritrix does). Writes go through one buffered stream,
 * the records of 20 ms at a time (BatchedWrites); `size` counts the bytes handed to it, so it is
 * the offset of the next record.
 *
 * A file whose writer takes part in state-store commits (`recoverable`) also keeps the pieces
 * written since the last commit: after a write error (a full disk) it takes pieces without
 * writing them, and `flushed()` cuts the file back to its committed size and writes them again
 * to a new stream, so the file comes out whole once the disk has room.
 */
export class WarcFile {
  size = 0;
  #error?: Error;
  #stream: WriteStream;
  /** The stream's writes, in batches. */
  #batched: BatchedWrites<WriteStream>;
  /** Set once close() has begun: resolves when the file has its final name. */
  closing?: Promise<string>;
  #recoverable = false;
  #pending: RecordPiece[] = [];
  /** Set while pieces kept in files are being streamed in: later writes wait for it. */
  #streaming?: Promise<void>;
  #pendingAt = 0;

  private constructor(readonly dir: string, readonly name: string, stream: WriteStream) {
    this.#stream = this.#watch(stream);
    this.#batched = new BatchedWrites(stream);
  }

  /** Creates `dir/name.open` (never over an existing file) and writes the file's first record. */
  static async create(dir: string, name: string, head: readonly RecordPiece[], recoverable = false): Promise<WarcFile> {
    await makeFolders(dir);
    const stream = createWriteStream(join(dir, name + OPEN_SUFFIX), { flags: 'wx', highWaterMark: 1 << 18 });
    const file = new WarcFile(dir, name, stream);
    file.#recoverable = recoverable;
    await once(stream, 'open');
    await file.write(head);
    return file;
  }

  get path(): string {
    return join(this.dir, this.name);
  }

  get stream(): WriteStream {
    return this.#stream;
  }

  /**
   * Appends pieces; the promise, when there is one, waits for the stream to drain. Pieces kept in
   * files are streamed in (the size counts them at once); the promise then waits for all of them.
   */
  write(pieces: readonly RecordPiece[]): void | Promise<void> {
    if (this.#recoverable) this.#pending.push(...pieces);
    if (this.#error) {
      if (!this.#recoverable) throw this.#error;
      for (const piece of pieces) this.size += pieceLength(piece);
      return;
    }
    if (this.#streaming !== undefined || hasFileSpan(pieces)) {
      for (const piece of pieces) this.size += pieceLength(piece);
      const stream = this.#stream;
      const streaming = (this.#streaming ?? Promise.resolve()).then(() => writePieces(stream, pieces));
      this.#streaming = streaming;
      return streaming.finally(() => {
        if (this.#streaming === streaming) this.#streaming = undefined;
      });
    }
    let more = true;
    for (const piece of pieces as readonly Buffer[]) {
      more = this.#batched.write(piece);
      this.size += piece.length;
    }
    if (!more) return waitForDrain(this.#stream);
  }

  /** A commit that counted this file up to `size` bytes is written: what lies before is safe. */
  committedUpTo(size: number): void {
    while (this.#pending.length && this.#pendingAt + pieceLength(this.#pending[0]) <= size) this.#pendingAt += pieceLength(this.#pending.shift()!);
  }

  /** Resolves once every byte written so far is in the file (or the file is closed); a failed file is written again first. */
  async flushed(): Promise<void> {
    if (this.closing) return this.closing.then(() => undefined);
    if (this.#error) {
      if (!this.#recoverable) throw this.#error;
      await truncate(this.path + OPEN_SUFFIX, this.#pendingAt);
      const stream = this.#watch(createWriteStream(this.path + OPEN_SUFFIX, { flags: 'a', highWaterMark: 1 << 18 }));
      this.#error = undefined;
      this.#batched.release();
      this.#stream = stream;
      this.#batched = new BatchedWrites(stream);
      if (hasFileSpan(this.#pending)) await writePieces(stream, this.#pending);
      else for (const piece of this.#pending) stream.write(piece as Buffer);
    }
    if (this.#streaming !== undefined) await this.#streaming;
    await new Promise<void>((resolve, reject) => this.#batched.write(Buffer.alloc(0), (e) => (e ? reject(e) : resolve())));
  }

  /** Flushes and closes, then renames: the final path. */
  close(): Promise<string> {
    this.closing ??= this.#close();
    return this.closing;
  }

  async #close(): Promise<string> {
    // Only its end is awaited: its failure was told to the write that started it (and marks the file failed).
    if (this.#streaming !== undefined) await this.#streaming.catch(() => undefined);
    this.#batched.end();
    try {
      await finished(this.#stream);
    } catch (e) {
      this.#error ??= e as Error;
    }
    const final = this.#error ? this.path + INVALID_SUFFIX : this.path;
    await rename(this.path + OPEN_SUFFIX, final);
    return final;
  }

  /** A write failed and will not be put right (a file without a state store to recover with). */
  get failed(): boolean {
    return this.#error !== undefined && !this.#recoverable;
  }

  #watch(stream: WriteStream): WriteStream {
    stream.on('error', (e) => {
      if (stream === this.#stream) this.#error ??= e;
    });
    return stream;
  }
}
