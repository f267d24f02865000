import { availableParallelism } from 'node:os';
import { gzipSync, type ZlibOptions } from 'node:zlib';
import { ThreadPool } from '../../util/thread-pool.js';

/**
 * zlib's default level (6, as Heritrix's GZIPOutputStream) with its largest hash memory: the same
 * bytes out for HTML, 15 % less time (measured on 2 cores with PostgreSQL's manual: 320 µs a page
 * against 377 µs), for 128 KiB more per compressor.
 */
export const GZIP_OPTIONS: ZlibOptions = { memLevel: 9 };

/**
 * Records up to this size are compressed at once, on the event loop: a trip to a compressor
 * thread costs about as much.
 */
const INLINE_BYTES = 1024;

/** The compressor threads' code (ThreadPool's protocol): gzip each buffer sent, send the member back (its memory moved, not copied). */
const COMPRESSOR_SCRIPT = `
const { parentPort } = require('node:worker_threads');
const { gzipSync } = require('node:zlib');
const options = ${JSON.stringify(GZIP_OPTIONS)};
parentPort.on('message', ({ id, job }) => {
  const out = gzipSync(job, options);
  parentPort.postMessage({ id, answer: out }, [out.buffer]);
});
`;

/**
 * Gzips buffers, each into a gzip member of its own. A small one is compressed at once; a larger
 * one on a compressor thread (a ThreadPool), so that compressing WARC records takes a core
 * other than the crawl's: zlib's asynchronous streams cost the event loop more than half of what
 * compressing there does (measured: 160–260 ms of event loop for 1,000 pages of PostgreSQL's
 * manual, against 56 ms with a thread). There are as many threads as cores less one (one at
 * least, four at most), begun when first needed; until a thread is ready, and if one fails, the
 * buffer is compressed at once instead, so that no record waits for a thread or is lost to one.
 */
export class GzipMembers {
  readonly #pool: ThreadPool<Buffer, Uint8Array>;

  /** `threads`: how many compressor threads at most (cores less one by default, 1 to 4). */
  constructor(threads = Math.min(4, Math.max(1, availableParallelism() - 1))) {
    this.#pool = new ThreadPool({ script: COMPRESSOR_SCRIPT }, threads);
  }

  /** Members a compressor thread made. */
  get onThreads(): number {
    return this.#pool.answered;
  }

  gzip(data: Buffer): Promise<Buffer> {
    const onThread = data.length > INLINE_BYTES ? this.#pool.run(data) : undefined;
    if (!onThread) return Promise.resolve(gzipSync(data, GZIP_OPTIONS));
    return onThread.then((out) => Buffer.from(out.buffer, out.byteOffset, out.byteLength), () => gzipSync(data, GZIP_OPTIONS));
  }

  /** Stops the threads; a record still at one is compressed at once. */
  close(): void {
    this.#pool.close();
  }
}
