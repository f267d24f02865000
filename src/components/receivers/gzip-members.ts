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
 * Buffers asked for in one turn and together up to this size are compressed at once, on the event
 * loop: a trip to a compressor thread costs about as much.
 */
const INLINE_BYTES = 1024;
/**
 * Blocks compressed at once before a thread is begun: a thread costs some 40 ms of CPU to start
 * and stop, what compressing a few dozen pages does, so a short crawl (a one-page launch, a
 * handful of URIs) never begins one.
 */
const BEGIN_AFTER = 32;

/**
 * How much lower than the crawl's thread a compressor thread runs (Linux keeps a nice value a
 * thread): compressing is work behind a URI (Processor.writesBehind), never on its queue's path, so
 * on a machine short of cores the crawl's thread goes first. On the PostgreSQL manual
 * (same-work.bench's site) the crawl's thread waited 0.6 s of 3.3 for a core; with the compressor
 * below it, the crawl ended 3–5 % sooner (two interleaved A/B runs of 4 and 5 launches).
 */
const COMPRESSOR_NICENESS = 10;

/**
 * The compressor threads' code (ThreadPool's protocol): the buffers of a job come as one block
 * and their lengths; each is gzipped into a member of its own, and the members go back as one
 * block (its memory moved, not copied) and their lengths.
 */
const COMPRESSOR_SCRIPT = `
const { parentPort } = require('node:worker_threads');
const { gzipSync } = require('node:zlib');
const options = ${JSON.stringify(GZIP_OPTIONS)};
parentPort.on('message', ({ id, job }) => {
  const members = [];
  let at = 0;
  let total = 0;
  for (const n of job.lengths) {
    const member = gzipSync(job.bytes.subarray(at, at += n), options);
    members.push(member);
    total += member.length;
  }
  const bytes = new Uint8Array(total);
  let to = 0;
  for (const m of members) {
    bytes.set(m, to);
    to += m.length;
  }
  parentPort.postMessage({ id, answer: { bytes, lengths: members.map((m) => m.length) } }, [bytes.buffer]);
});
`;

/** Buffers, as one block and their lengths: a compressor thread's job, and its answer. */
interface Block {
  readonly bytes: Uint8Array;
  readonly lengths: readonly number[];
}

interface Asked {
  readonly data: Buffer;
  readonly resolve: (member: Buffer) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Gzips buffers, each into a gzip member of its own. The buffers asked for in one turn of the
 * event loop (a URI's records: its WARC writer encodes them together) go together: up to
 * INLINE_BYTES in all they are compressed at once, else in one trip to a compressor thread (a
 * ThreadPool), so that compressing WARC records takes a core other than the crawl's, a URI's
 * request and metadata records too, at the price of one message there and one back a URI.
 * zlib's asynchronous streams cost the event loop more than half of what compressing there does
 * (measured: 160–260 ms of event loop for 1,000 pages of PostgreSQL's manual, against 56 ms with
 * a thread). There are as many threads as cores less one (one at least, four at most), begun when
 * BEGIN_AFTER blocks were asked for; until a thread is ready, and if one fails, the buffers are compressed at once
 * instead, so that no record waits for a thread or is lost to one.
 */
export class GzipMembers {
  readonly #pool: ThreadPool<Block, Block>;
  #asked: Asked[] = [];
  #askedBytes = 0;
  #onThreads = 0;

  /** `threads`: how many compressor threads at most (cores less one by default, 1 to 4). */
  constructor(threads = Math.min(4, Math.max(1, availableParallelism() - 1))) {
    this.#pool = new ThreadPool({ script: COMPRESSOR_SCRIPT }, threads, { beginAfter: BEGIN_AFTER, niceness: COMPRESSOR_NICENESS });
  }

  /** Members a compressor thread made. */
  get onThreads(): number {
    return this.#onThreads;
  }

  gzip(data: Buffer): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      if (this.#asked.push({ data, resolve, reject }) === 1) queueMicrotask(() => this.#send());
      this.#askedBytes += data.length;
    });
  }

  /** Stops the threads; a record still at one is compressed at once. */
  close(): void {
    this.#pool.close();
  }

  /** The buffers asked for this turn: compressed at once, or sent to a thread in one block. */
  #send(): void {
    const asked = this.#asked;
    const total = this.#askedBytes;
    this.#asked = [];
    this.#askedBytes = 0;
    // The block is copied only for a thread that takes it: buffers compressed here are read where they are.
    const onThread = total > INLINE_BYTES ? this.#pool.runMade(() => block(asked, total)) : undefined;
    if (!onThread) {
      atOnce(asked);
      return;
    }
    onThread.then(({ bytes, lengths }) => {
      this.#onThreads += lengths.length;
      let at = 0;
      for (const [i, n] of lengths.entries()) {
        asked[i].resolve(Buffer.from(bytes.buffer, bytes.byteOffset + at, n));
        at += n;
      }
    }, () => atOnce(asked));
  }
}

/** The buffers copied into one block of memory of its own (moved to the thread, not copied again). */
function block(asked: readonly Asked[], total: number): { job: Block; transfer: ArrayBuffer[] } {
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const { data } of asked) {
    bytes.set(data, at);
    at += data.length;
  }
  return { job: { bytes, lengths: asked.map((a) => a.data.length) }, transfer: [bytes.buffer] };
}

function atOnce(asked: readonly Asked[]): void {
  for (const { data, resolve, reject } of asked) {
    try {
      resolve(gzipSync(data, GZIP_OPTIONS));
    } catch (e) {
      reject(e);
    }
  }
}
