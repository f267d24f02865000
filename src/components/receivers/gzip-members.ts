import { constants, createGzip, gzipSync, type Gzip } from 'node:zlib';

interface Compressor {
  readonly gzip: Gzip;
  chunks: Buffer[];
  failed?: Error;
}

/**
 * Records up to this size are compressed at once: for them a trip to the thread pool costs the
 * event loop as much as compressing (measured on 2 cores: ~25 µs either way at 1 KB; at 8 KB,
 * 115 µs inline against 45 µs through the pool).
 */
const INLINE_BYTES = 1024;

/**
 * Gzips buffers, each into a gzip member of its own. A small one is compressed at once; a larger
 * one in zlib's thread pool, on one of a few long-lived zlib streams: after each member the
 * stream is finished (Z_FINISH) and reset, so that no zlib state is allocated per record (which
 * costs more than compressing a page), and one stream holds one member at a time.
 */
export class GzipMembers {
  readonly #idle: Compressor[] = [];
  readonly #all: Compressor[] = [];
  readonly #waiting: Array<(c: Compressor) => void> = [];

  constructor(readonly size = 4) {}

  async gzip(data: Buffer): Promise<Buffer> {
    if (data.length <= INLINE_BYTES) return gzipSync(data);
    const c = await this.#borrow();
    try {
      return await member(c, data);
    } finally {
      this.#release(c);
    }
  }

  close(): void {
    for (const c of this.#all) c.gzip.destroy();
    this.#all.length = 0;
    this.#idle.length = 0;
  }

  #borrow(): Promise<Compressor> {
    const idle = this.#idle.pop();
    if (idle) return Promise.resolve(idle);
    if (this.#all.length < this.size) return Promise.resolve(this.#create());
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #release(c: Compressor): void {
    if (c.failed) {
      this.#all.splice(this.#all.indexOf(c), 1);
      c.gzip.destroy();
      c = this.#create();
    }
    const next = this.#waiting.shift();
    if (next) next(c);
    else this.#idle.push(c);
  }

  #create(): Compressor {
    const c: Compressor = { gzip: createGzip(), chunks: [] };
    c.gzip.on('data', (chunk: Buffer) => c.chunks.push(chunk));
    c.gzip.on('error', (e) => (c.failed ??= e));
    this.#all.push(c);
    return c;
  }
}

/** Writes the data, finishes the deflate stream, collects every byte it put out, and resets it for the next member. */
function member(c: Compressor, data: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    c.chunks = [];
    c.gzip.write(data);
    c.gzip.flush(constants.Z_FINISH, () => {
      const collect = () => {
        if (c.failed) return reject(c.failed);
        // Output still buffered in the stream is emitted on a later turn.
        if (c.gzip.readableLength > 0) return void setImmediate(collect);
        const out = Buffer.concat(c.chunks);
        (c.gzip as Gzip & { reset(): void }).reset();
        resolve(out);
      };
      collect();
    });
  });
}
