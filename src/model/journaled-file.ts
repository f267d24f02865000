import type { StateParticipant, StateStore, StateSublevel } from './state-store.js';

/** The state-store sublevel where files appended to during a crawl record their committed length. */
export const JOURNAL_SUBLEVEL = 'journal';

/** A file a component appends to through a stream: `write` must return like Writable.write. */
export interface AppendStream {
  write(chunk: string | Buffer, callback?: (error?: Error | null) => void): boolean;
}

/**
 * Keeps, with each commit of the state store, how long an appended file was at that instant
 * (key: the file's path in sublevel `journal`), once what was written before has reached the
 * file. After a crash the next launch cuts the file back to that length: lines past it belong to
 * URIs the resumed crawl does again.
 */
export class JournaledFile implements StateParticipant {
  #length: number;
  #staged = -1;
  #ended?: Promise<void>;
  readonly #journal: StateSublevel;

  constructor(store: StateStore, readonly path: string, readonly stream: AppendStream, initialLength: number) {
    this.#length = initialLength;
    this.#journal = store.sublevel(JOURNAL_SUBLEVEL);
    store.participate(this);
  }

  /** Appends; false when the stream asks the writer to wait for 'drain'. */
  write(text: string): boolean {
    this.#length += Buffer.byteLength(text);
    return this.stream.write(text);
  }

  stage(): void {
    if (this.#length === this.#staged) return;
    this.#staged = this.#length;
    this.#journal.put(this.path, JSON.stringify({ length: this.#length }));
  }

  /** The stream is being ended: `ended` resolves once everything written is in the file. */
  ending(ended: Promise<void>): void {
    this.#ended = ended.catch(() => undefined);
  }

  flushed(): Promise<void> {
    if (this.#ended) return this.#ended;
    return new Promise((resolve, reject) => this.stream.write('', (e) => (e ? reject(e) : resolve())));
  }
}
