import { createHash, type Hash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { base32 } from './base32.js';

/**
 * The bytes of a response past the fetcher's in-memory bound, as Heritrix's Recorder keeps them in
 * its backing file (`.ris` in the scratch folder, ScratchFolder): written as they come off the
 * connection, and digested on the way (the entity's sha1, which the WARC record carries as its
 * payload digest, the crawl's digest algorithm when another, and the sha1 of all the response's
 * bytes, head included, its block digest), so that nothing reads them again but the writers.
 * An HTTP response (its head kept in memory) or a mail message's source (no head: its block is
 * its entity). `algorithm` is a node:crypto name (sha1, sha256, md5).
 */
export class ResponseSpill {
  length = 0;
  error?: Error;
  readonly #stream: WriteStream;
  readonly #sha1 = createHash('sha1');
  readonly #block = createHash('sha1');
  readonly #other?: Hash;

  constructor(readonly path: string, readonly algorithm: string) {
    this.#stream = createWriteStream(path, { flags: 'w', highWaterMark: 1 << 20 });
    this.#stream.on('error', (e) => {
      this.error ??= e;
    });
    if (algorithm !== 'sha1') this.#other = createHash(algorithm);
  }

  /** The response's head, kept in memory: in the block digest only. */
  digestHead(bytes: Buffer): void {
    this.#block.update(bytes);
  }

  /** Entity bytes kept in memory before the spill began: digested, not written. */
  digestOnly(bytes: Buffer): void {
    this.#block.update(bytes);
    this.#sha1.update(bytes);
    this.#other?.update(bytes);
  }

  /** Writes and digests; false when the file's buffer is full (wait for `drained`). */
  write(bytes: Buffer): boolean {
    this.digestOnly(bytes);
    this.length += bytes.length;
    if (this.error !== undefined) return true;
    return this.#stream.write(bytes);
  }

  onDrain(callback: () => void): void {
    this.#stream.once('drain', callback);
  }

  /** Settles when the file's buffer has room again, or the file failed (then `close()` throws its error): never a wait without end. */
  drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        this.#stream.off('drain', done).off('close', done);
        resolve();
      };
      if (this.error !== undefined || this.#stream.closed) resolve();
      else this.#stream.once('drain', done).once('close', done);
    });
  }

  /** Flushes and closes the file; the digests are final then. */
  async close(): Promise<void> {
    this.#stream.end();
    await finished(this.#stream).catch((e: Error) => {
      this.error ??= e;
    });
    if (this.error !== undefined) throw this.error;
  }

  /** The entity's digests, sha1 (WARC) and the crawl's algorithm, and the sha1 of the whole response (`block`), each `algorithm:BASE32`. */
  digests(): { sha1: string; entity: string; block: string } {
    const sha1 = `sha1:${base32(this.#sha1.digest())}`;
    const block = `sha1:${base32(this.#block.digest())}`;
    return { sha1, block, entity: this.#other === undefined ? sha1 : `${this.algorithm}:${base32(this.#other.digest())}` };
  }
}
