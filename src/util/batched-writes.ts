import type { Writable } from 'node:stream';

/** The longest a line waits to be written with the ones after it, ms. */
export const BATCH_MS = 20;

/**
 * Writes to a stream in batches: the first write after a quiet spell corks the stream, and
 * BATCH_MS later it is uncorked, so that what was written meanwhile (the crawl.log lines of many
 * URIs) reaches the file in one writev, one trip to libuv's threads instead of one each. A write
 * with a callback (someone waits for everything so far to be in the file: a commit of the state
 * store) uncorks at once, and so does `end`.
 */
export class BatchedWrites<S extends Writable = Writable> {
  #timer: NodeJS.Timeout | undefined;

  constructor(readonly stream: S, readonly delayMs = BATCH_MS) {}

  /** As Writable.write; false when the stream asks the writer to wait for 'drain'. */
  write(chunk: string | Buffer, callback?: (error?: Error | null) => void): boolean {
    if (callback !== undefined) {
      const ok = this.stream.write(chunk, callback);
      this.release();
      return ok;
    }
    if (this.#timer === undefined) {
      this.stream.cork();
      this.#timer = setTimeout(this.release, this.delayMs);
    }
    return this.stream.write(chunk);
  }

  on(event: 'error', listener: (error: Error) => void): this {
    this.stream.on(event, listener);
    return this;
  }

  /** Writes what waits now. */
  readonly release = (): void => {
    if (this.#timer === undefined) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.stream.uncork();
  };

  /** Writes what waits and ends the stream. */
  end(): void {
    this.release();
    this.stream.end();
  }
}
