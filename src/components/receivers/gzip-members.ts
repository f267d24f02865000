import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { gzipSync, type ZlibOptions } from 'node:zlib';

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

/** The compressor threads' code: gzip each buffer it is sent, send the member back (its memory moved, not copied). */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { gzipSync } = require('node:zlib');
const options = ${JSON.stringify(GZIP_OPTIONS)};
parentPort.on('message', ({ id, data }) => {
  const out = gzipSync(data, options);
  parentPort.postMessage({ id, out }, [out.buffer]);
});
`;

interface Pending {
  readonly data: Buffer;
  readonly resolve: (member: Buffer) => void;
}

interface Compressor {
  readonly worker: Worker;
  ready: boolean;
  /** Buffers sent and not yet back: while there are any, the thread holds the process open. */
  out: number;
}

/**
 * Gzips buffers, each into a gzip member of its own. A small one is compressed at once; a larger
 * one on a compressor thread (worker_threads), so that compressing WARC records takes a core
 * other than the crawl's: zlib's asynchronous streams cost the event loop more than half of what
 * compressing there does (measured: 160–260 ms of event loop for 1,000 pages of PostgreSQL's
 * manual, against 56 ms with a thread). There are as many threads as cores less one (one at
 * least, four at most), begun when first needed; until a thread is ready, and if one fails, the
 * buffer is compressed at once instead, so that no record waits for a thread or is lost to one.
 */
export class GzipMembers {
  readonly #compressors: Compressor[] = [];
  readonly #pending = new Map<number, Pending>();
  #next = 0;
  #turn = 0;
  #closed = false;
  #threads: number;
  /** Members a compressor thread made. */
  onThreads = 0;

  /** `threads`: how many compressor threads at most (cores less one by default, 1 to 4). */
  constructor(threads = Math.min(4, Math.max(1, availableParallelism() - 1))) {
    this.#threads = threads;
  }

  gzip(data: Buffer): Promise<Buffer> {
    const compressor = data.length > INLINE_BYTES ? this.#compressor() : undefined;
    if (!compressor) return Promise.resolve(gzipSync(data, GZIP_OPTIONS));
    return new Promise((resolve) => {
      const id = this.#next++;
      this.#pending.set(id, { data, resolve });
      if (compressor.out++ === 0) compressor.worker.ref();
      compressor.worker.postMessage({ id, data });
    });
  }

  /** Stops the threads; a record still at one is compressed at once. */
  close(): void {
    this.#closed = true;
    for (const c of this.#compressors.splice(0)) void c.worker.terminate();
    this.#settleAtOnce();
  }

  /** The next thread ready in turn; undefined (compress at once) while none is. */
  #compressor(): Compressor | undefined {
    if (this.#closed) return undefined;
    if (this.#compressors.length < this.#threads) this.#begin();
    for (let i = 0; i < this.#compressors.length; i++) {
      const c = this.#compressors[this.#turn++ % this.#compressors.length];
      if (c.ready) return c;
    }
    return undefined;
  }

  #begin(): void {
    // Without the process's own Node options (--input-type=module would make the code a module, --cpu-prof profile it).
    const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [] });
    const c: Compressor = { worker, ready: false, out: 0 };
    // An idle thread does not hold the process open; one with buffers out does, so that no record is waited for in vain.
    worker.unref();
    worker.once('online', () => (c.ready = true));
    worker.on('message', ({ id, out }: { id: number; out: Uint8Array }) => {
      if (--c.out === 0) worker.unref();
      const p = this.#pending.get(id);
      if (!p) return;
      this.#pending.delete(id);
      this.onThreads++;
      p.resolve(Buffer.from(out.buffer, out.byteOffset, out.byteLength));
    });
    worker.once('error', () => this.#failed(c));
    worker.once('exit', () => this.#failed(c));
    this.#compressors.push(c);
  }

  /** A thread that failed is not used again; what it had is compressed at once. */
  #failed(c: Compressor): void {
    const at = this.#compressors.indexOf(c);
    if (at >= 0) this.#compressors.splice(at, 1);
    c.ready = false;
    // Which thread had which buffer is not kept: with one gone, every buffer still out is done here (a member is the same whoever makes it).
    this.#settleAtOnce();
    // No thread is begun after a failure.
    this.#threads = 0;
  }

  #settleAtOnce(): void {
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const p of pending) p.resolve(gzipSync(p.data, GZIP_OPTIONS));
  }
}
