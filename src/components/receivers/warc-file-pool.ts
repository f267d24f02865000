import type { RecordPiece } from '../../model/file-span.js';
import { isAbsolute, join } from 'node:path';
import { WarcFile } from './warc-file.js';
import { warcFileName } from './warc-file-name.js';

export interface WarcPoolSettings {
  /** The folders files go to, in turn (Heritrix's storePaths, resolved). */
  readonly dirs: readonly string[];
  readonly template: string;
  readonly prefix: string;
  /** `.warc.gz` or `.warc`. */
  readonly suffix: string;
  readonly maxFileSizeBytes: number;
  readonly poolMaxActive: number;
  /** The encoded warcinfo record that heads the file of this name. */
  warcinfo(fileName: string): Promise<RecordPiece[]>;
  /** Files keep what they wrote since the last commit, to write it again after a write error. */
  readonly recoverable?: boolean;
}

/** Where one URI's records went: the file name (without `.open`) and the offset of the first. */
export interface WarcWriteResult {
  readonly fileName: string;
  readonly offset: number;
  /** The folder the file is in (it is `fileName` there once closed, with `.open` after it until then). */
  readonly dir: string;
}

interface Slot {
  file?: WarcFile;
}

/**
 * Heritrix's WriterPool: up to poolMaxActive files open at once, each written by one URI at a
 * time, so that a URI's records lie together. A file is begun when first needed, with a
 * warcinfo record, and a full one (maxFileSizeBytes reached) is closed before the next URI's
 * records: they go to a new file with the next serial number.
 */
export class WarcFilePool {
  /** File bytes written, warcinfo records included. */
  totalBytes = 0;
  readonly #idle: Slot[];
  readonly #waiting: Array<(slot: Slot) => void> = [];
  #serial: number;
  #nextDir = 0;
  /** Files begun and not yet renamed to their final names. */
  readonly #unfinished = new Set<WarcFile>();

  /** `from`: where an earlier launch of the run left off (its next serial number, its bytes written). */
  constructor(readonly settings: WarcPoolSettings, from: { serial: number; totalBytes: number } = { serial: 0, totalBytes: 0 }) {
    this.#idle = Array.from({ length: settings.poolMaxActive }, () => ({}));
    this.#serial = from.serial;
    this.totalBytes = from.totalBytes;
  }

  /** The serial number of the next file. */
  get nextSerial(): number {
    return this.#serial;
  }

  /**
   * Appends one URI's encoded records to a file of the pool. `placed` hears where they went at
   * the instant the file counts them (before the stream drains), so that a mark set then goes
   * into the same commit as the file length that holds them.
   */
  async write(records: readonly RecordPiece[], placed?: (at: WarcWriteResult) => void): Promise<WarcWriteResult> {
    const slot = await this.#borrow();
    try {
      if (slot.file && (slot.file.size >= this.settings.maxFileSizeBytes || slot.file.failed)) await this.#retire(slot);
      const file = (slot.file ??= await this.#begin());
      const offset = file.size;
      const drained = file.write(records);
      this.totalBytes += file.size - offset;
      placed?.({ fileName: file.name, offset, dir: file.dir });
      if (drained) await drained;
      return { fileName: file.name, offset, dir: file.dir };
    } catch (e) {
      // The write's failure thrown below is the one to tell; a file that cannot be closed as well stays `.open`, not counted finished.
      if (slot.file) await this.#retire(slot).catch(() => undefined);
      throw e;
    } finally {
      this.#release(slot);
    }
  }

  /** Files not yet under their final names (being written, or being closed), with their sizes. */
  unfinishedFiles(): WarcFile[] {
    return [...this.#unfinished];
  }

  /** Waits for the writes in progress, then closes and renames every open file. */
  async close(): Promise<void> {
    const slots: Slot[] = [];
    for (let i = 0; i < this.settings.poolMaxActive; i++) slots.push(await this.#borrow());
    for (const slot of slots) if (slot.file) await this.#retire(slot);
    for (const slot of slots) this.#release(slot);
  }

  async #begin(): Promise<WarcFile> {
    const s = this.settings;
    const name = warcFileName(s.template, { prefix: s.prefix, time: Date.now(), serial: this.#serial++ }) + s.suffix;
    const dir = s.dirs[this.#nextDir++ % s.dirs.length];
    const head = await s.warcinfo(name);
    const file = await WarcFile.create(dir, name, head, s.recoverable);
    this.totalBytes += file.size;
    this.#unfinished.add(file);
    return file;
  }

  async #retire(slot: Slot): Promise<void> {
    const file = slot.file!;
    slot.file = undefined;
    try {
      await file.close();
    } finally {
      this.#unfinished.delete(file);
    }
  }

  /** An idle slot, the one used last first (it most likely has a file open). */
  #borrow(): Promise<Slot> {
    const slot = this.#idle.pop();
    return slot ? Promise.resolve(slot) : new Promise((resolve) => this.#waiting.push(resolve));
  }

  #release(slot: Slot): void {
    const next = this.#waiting.shift();
    if (next) next(slot);
    else this.#idle.push(slot);
  }
}

/** The folders of storePaths: each relative one under `directory`. */
export function storeDirs(directory: string, storePaths: readonly string[]): string[] {
  return storePaths.map((p) => (isAbsolute(p) ? p : join(directory, p)));
}
