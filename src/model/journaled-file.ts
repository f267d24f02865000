import type { StateParticipant, StateStore, StateSublevel } from './state-store.js';

/** The state-store sublevel where files appended to during a crawl record their committed length. */
export const JOURNAL_SUBLEVEL = 'journal';

/** A file a component appends to through a stream (a fs.WriteStream). */
export interface AppendStream {
  write(chunk: string | Buffer, callback?: (error?: Error | null) => void): boolean;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * Keeps, with each commit of the state store, how long an appended file was at that instant
 * (key: the file's path in sublevel `journal`), once what was written before has reached the
 * file. After a crash the next launch cuts the file back to that length: lines past it belong to
 * URIs the resumed crawl does again.
 *
 * What was written since the last commit that succeeded is also kept in memory: when the stream
 * fails (a full disk), commits fail with it, and once `reopen` gives a new stream the file is cut
 * back to its committed length and those lines are written again, so nothing is lost or doubled.
 */
export class JournaledFile implements StateParticipant {
  #stream: AppendStream;
  #length: number;
  #staged = -1;
  #stagedAt = -1;
  #ended?: Promise<void>;
  #error?: Error;
  /** Lines written since the last successful commit, from `#first`, beginning at file offset `#pendingAt`. */
  #pending: string[] = [];
  #pendingBytes: number[] = [];
  #first = 0;
  #pendingAt: number;
  readonly #journal: StateSublevel;

  constructor(store: StateStore, readonly path: string, stream: AppendStream, initialLength: number, readonly reopen?: (length: number) => Promise<AppendStream>) {
    this.#length = initialLength;
    this.#pendingAt = initialLength;
    this.#journal = store.sublevel(JOURNAL_SUBLEVEL);
    this.#stream = this.#watch(stream);
    store.participate(this);
  }

  /** The stream written to now (a new one after a reopen). */
  get stream(): AppendStream {
    return this.#stream;
  }

  /** Appends; false when the stream asks the writer to wait for 'drain'. */
  write(text: string): boolean {
    const bytes = Buffer.byteLength(text);
    this.#length += bytes;
    this.#pending.push(text);
    this.#pendingBytes.push(bytes);
    // A failed stream takes nothing more; the lines wait for the reopen.
    return this.#error ? true : this.#stream.write(text);
  }

  stage(): void {
    this.#stagedAt = this.#length;
    if (this.#length === this.#staged) return;
    this.#staged = this.#length;
    this.#journal.put(this.path, JSON.stringify({ length: this.#length }));
  }

  /** The commit that staged `#stagedAt` is written: the lines before it are safe in the file. */
  committed(): void {
    while (this.#first < this.#pending.length && this.#pendingAt + this.#pendingBytes[this.#first] <= this.#stagedAt) {
      this.#pendingAt += this.#pendingBytes[this.#first++];
    }
    if (this.#first > 1024 && this.#first * 2 > this.#pending.length) {
      this.#pending = this.#pending.slice(this.#first);
      this.#pendingBytes = this.#pendingBytes.slice(this.#first);
      this.#first = 0;
    }
  }

  /** The stream is being ended: `ended` resolves once everything written is in the file. */
  ending(ended: Promise<void>): void {
    // Only the end is awaited here: the stream's failure is told by the one ending it (CrawlerLoggerModule.stop).
    this.#ended = ended.catch(() => undefined);
  }

  async flushed(): Promise<void> {
    if (this.#ended) return this.#ended;
    if (this.#error) await this.#reopen();
    await new Promise<void>((resolve, reject) => this.#stream.write('', (e) => (e ? reject(e) : resolve())));
  }

  /** Cuts the file back to its committed length and writes the lines since then to a new stream. */
  async #reopen(): Promise<void> {
    const error = this.#error!;
    if (!this.reopen) throw error;
    const stream = this.#watch(await this.reopen(this.#pendingAt));
    this.#error = undefined;
    this.#stream = stream;
    for (let i = this.#first; i < this.#pending.length; i++) stream.write(this.#pending[i]);
  }

  #watch(stream: AppendStream): AppendStream {
    stream.on('error', (e) => {
      if (stream === this.#stream) this.#error ??= e;
    });
    return stream;
  }
}
