import { JOURNAL_SUBLEVEL } from '../../model/journaled-file.js';
import type { StateStore } from '../../model/state-store.js';
import type { WarcFilePool } from './warc-file-pool.js';
import { OPEN_SUFFIX, type WarcFile } from './warc-file.js';

/** The state-store sublevel where each writer keeps its next serial number and bytes written, for the next launch of the run. */
export const COUNTERS_SUBLEVEL = 'warc';

/** What the state store keeps of a file writer (WARC or ARC; sublevel `journal`, key `warc <writer> <dirs>`). */
export interface WarcJournal {
  /** The folders the writer writes to: a `.open` file there that is not listed was begun after the commit. */
  readonly dirs: readonly string[];
  /** The writer's file name prefix: only its own `.open` files are set aside. */
  readonly prefix?: string;
  /** Files not yet closed, each with the length it had (`path` ends in `.open`). */
  readonly open: ReadonlyArray<{ readonly path: string; readonly length: number }>;
}

/** Where an earlier launch of the run left a writer's counters (undefined: none). */
export function savedCounters(store: StateStore, writerKey: string): Promise<string | undefined> {
  return store.sublevel(COUNTERS_SUBLEVEL).get(writerKey);
}

export function parseCounters(saved: string | undefined): { serial: number; totalBytes: number } | undefined {
  return saved === undefined ? undefined : (JSON.parse(saved) as { serial: number; totalBytes: number });
}

/**
 * Makes a writer's file pool part of each commit: the open files' lengths (which recovery cuts
 * them back to after a crash, src/job/recover-outputs.ts, whatever the file format), and the
 * counters the next launch goes on from. Shared by the WARC and ARC writers, whose files differ
 * only in their records.
 */
export function journalWriterPool(store: StateStore, pool: WarcFilePool, o: { writerKey: string; dirs: string[]; prefix: string; saved: string | undefined }): void {
  const journal = store.sublevel(JOURNAL_SUBLEVEL);
  const counters = store.sublevel(COUNTERS_SUBLEVEL);
  let files: WarcFile[] = [];
  let staged = '';
  let stagedCounters = o.saved ?? '';
  let sizes: number[] = [];
  store.participate({
    stage: () => {
      files = pool.unfinishedFiles();
      sizes = files.map((f) => f.size);
      const counted = JSON.stringify({ serial: pool.nextSerial, totalBytes: pool.totalBytes });
      if (counted !== stagedCounters) {
        stagedCounters = counted;
        counters.put(o.writerKey, counted);
      }
      const record: WarcJournal = { dirs: o.dirs, prefix: o.prefix, open: files.map((f) => ({ path: f.path + OPEN_SUFFIX, length: f.size })) };
      const text = JSON.stringify(record);
      if (text === staged) return;
      staged = text;
      // The `warc ` prefix is what recovery looks for; it serves ARC writers as well.
      journal.put(`warc ${o.writerKey} ${o.dirs.join('|')}`, text);
    },
    flushed: () => Promise.all(files.map((f) => f.flushed())).then(() => undefined),
    committed: () => files.forEach((f, i) => f.committedUpTo(sizes[i])),
  });
}
