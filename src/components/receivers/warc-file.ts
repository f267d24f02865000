import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';

export const OPEN_SUFFIX = '.open';
export const INVALID_SUFFIX = '.invalid';

/**
 * One WARC file being written: `NAME.open` until it is closed, then renamed to NAME (or to
 * `NAME.invalid` after a write error, as Heritrix does). Writes go through one buffered stream;
 * `size` counts the bytes handed to it, so it is the offset of the next record.
 */
export class WarcFile {
  size = 0;
  #error?: Error;
  /** Set once close() has begun: resolves when the file has its final name. */
  closing?: Promise<string>;

  private constructor(readonly dir: string, readonly name: string, readonly stream: WriteStream) {
    stream.on('error', (e) => (this.#error ??= e));
  }

  /** Creates `dir/name.open` (never over an existing file) and writes the file's first record. */
  static async create(dir: string, name: string, head: readonly Buffer[]): Promise<WarcFile> {
    await mkdir(dir, { recursive: true });
    const stream = createWriteStream(join(dir, name + OPEN_SUFFIX), { flags: 'wx', highWaterMark: 1 << 18 });
    const file = new WarcFile(dir, name, stream);
    await once(stream, 'open');
    await file.write(head);
    return file;
  }

  get path(): string {
    return join(this.dir, this.name);
  }

  /** Appends pieces; the promise, when there is one, waits for the stream to drain. */
  write(pieces: readonly Buffer[]): void | Promise<void> {
    if (this.#error) throw this.#error;
    let more = true;
    for (const piece of pieces) {
      more = this.stream.write(piece);
      this.size += piece.length;
    }
    if (!more) return once(this.stream, 'drain').then(() => undefined);
  }

  /** Resolves once every byte written so far is in the file (or the file is closed). */
  flushed(): Promise<void> {
    if (this.closing) return this.closing.then(() => undefined);
    return new Promise((resolve, reject) => this.stream.write(Buffer.alloc(0), (e) => (e ? reject(e) : resolve())));
  }

  /** Flushes and closes, then renames: the final path. */
  close(): Promise<string> {
    this.closing ??= this.#close();
    return this.closing;
  }

  async #close(): Promise<string> {
    this.stream.end();
    try {
      await finished(this.stream);
    } catch (e) {
      this.#error ??= e as Error;
    }
    const final = this.#error ? this.path + INVALID_SUFFIX : this.path;
    await rename(this.path + OPEN_SUFFIX, final);
    return final;
  }

  get failed(): boolean {
    return this.#error !== undefined;
  }
}
