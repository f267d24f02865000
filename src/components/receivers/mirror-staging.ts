import { writeFile as writeFileCallback } from 'node:fs';
import { readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { makeFolders } from '../../util/make-folders.js';
import { ignoreMissing } from '../../util/ignore-missing.js';
import { ThreadPool } from '../../util/thread-pool.js';

/**
 * fs.writeFile through its callback: the promise API's makes a FileHandle for every file, an
 * object the collector must finalise (measured on the 20,000-page synthetic site, interleaved:
 * the crawl 2–6 % shorter, 0.8–1.4 s less CPU).
 */
const writeFile = promisify(writeFileCallback);

/** A file for the placing thread: its content (moved there), the staged name it is written under, the name it takes. */
interface Placing {
  readonly bytes: Uint8Array;
  readonly staged: string;
  readonly file: string;
}

/** How a placing went: null, or the error (its code and message: an Error does not cross threads as itself). */
type Placed = null | { readonly code?: string; readonly message: string };

/** Files placed here (asynchronous calls, four trips to libuv's pool each) before the thread is begun. */
const PLACE_BEGIN_AFTER = 32;
/** How much lower than the crawl's thread the placing thread runs: its work is behind a URI, never on its queue's path. */
const PLACE_NICENESS = 10;

/** A placing thread, begun when PLACE_BEGIN_AFTER files were asked for. */
function placer(): ThreadPool<Placing, Placed> {
  return new ThreadPool<Placing, Placed>({ script: PLACE_SCRIPT }, 1, { beginAfter: PLACE_BEGIN_AFTER, niceness: PLACE_NICENESS });
}

/**
 * The placing thread's code (ThreadPool's protocol): writes a file under its staged name and
 * renames it into place, synchronously, on a thread of its own (PLACE_NICENESS below the crawl's);
 * a staged file that did not take its place is removed.
 */
const PLACE_SCRIPT = `
const { parentPort } = require('node:worker_threads');
const { renameSync, unlinkSync, writeFileSync } = require('node:fs');
parentPort.on('message', ({ id, job }) => {
  let answer = null;
  try {
    writeFileSync(job.staged, job.bytes);
    renameSync(job.staged, job.file);
  } catch (e) {
    answer = { code: e.code, message: e.message };
    // A staged file that stays is removed with the folder at the next start (ready); the error is the answer.
    try { unlinkSync(job.staged); } catch {}
  }
  parentPort.postMessage({ id, answer });
});
`;

/** This machine's name as a file name can hold it. */
const HOST = hostname().replace(/[^A-Za-z0-9.-]/g, '_') || 'host';

/** Whether a process of this machine is alive (EPERM: it is, another user's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Where a mirror's files are written before they take their names: a folder of this process's
 * own (`HOST-PID`) in a folder beside the mirror's (`mirror.partial` for `mirror`), each file under
 * a name of its own, then renamed into place. A rename replaces a file whole, so two writers of one
 * name (two hosts, a document fetched again, two workers sharing the mirror) never leave one's
 * bytes after the other's, and a crash leaves no half file in the mirror: only in its process's
 * folder, removed when a process of this machine next starts staging and finds that process gone
 * (a live one's folder, or another machine's, is never touched). It is on the mirror's file
 * system, so the rename moves no bytes.
 */
export class MirrorStaging {
  /** The folder beside the mirror that holds each process's staging folder. */
  readonly parent: string;
  /** This process's staging folder. */
  readonly folder: string;
  #next = 0;
  #ready: Promise<void> | undefined;
  #emptied = false;
  /**
   * The thread that places files (`place`): one message a file rather than four trips to libuv's
   * pool (open, write, close, rename), each of which the crawl's thread pays for and waits behind.
   */
  #placer = placer();

  constructor(mirror: string) {
    this.parent = `${resolve(mirror)}.partial`;
    this.folder = join(this.parent, `${HOST}-${process.pid}`);
  }

  /** Makes the folder, the first time after removing what crashed processes of this machine left; on first use if not before. */
  ready(): Promise<void> {
    const emptied = this.#emptied;
    this.#emptied = true;
    this.#ready ??= (emptied ? Promise.resolve() : this.#sweep()).then(() => makeFolders(this.folder));
    return this.#ready;
  }

  /**
   * Removes this process's folder as a process before it of the same id left it, and those of
   * this machine's processes that are gone (a loose file is an older layout's: its writer is gone).
   */
  async #sweep(): Promise<void> {
    const prefix = `${HOST}-`;
    for (const entry of (await readdir(this.parent, { withFileTypes: true }).catch(ignoreMissing)) ?? []) {
      const pid = entry.name.startsWith(prefix) ? Number(entry.name.slice(prefix.length)) : Number.NaN;
      const stale = !entry.isDirectory() || (Number.isInteger(pid) && (pid === process.pid || !alive(pid)));
      if (stale) await rm(join(this.parent, entry.name), { recursive: true, force: true });
    }
  }

  /** Removes the folder when nothing is left in it, and stops the placing thread; a later use makes them again. */
  async close(): Promise<void> {
    this.#placer.close();
    this.#placer = placer();
    const ready = this.#ready;
    if (ready === undefined) return;
    this.#ready = undefined;
    // Only its end is awaited: a folder that could not be made failed the writes that waited for it.
    await ready.catch(() => undefined);
    // rmdir removes only an empty folder: one holding a file still (or not removable) stays, removed at the next start (ready);
    // the folder beside the mirror stays while another process stages in it.
    if (await rmdir(this.folder).then(() => true, () => false)) await rmdir(this.parent).catch(() => undefined);
  }

  /** A name in the folder no other file of this process has. */
  async name(): Promise<string> {
    await this.ready();
    return join(this.folder, `${process.pid}-${this.#next++}`);
  }

  /** The content written under a fresh name in the folder: that name. */
  async write(content: Buffer): Promise<string> {
    const file = await this.name();
    await writeFile(file, content);
    return file;
  }

  /**
   * The content written under a fresh name in the folder and renamed to `file`, on the placing
   * thread once it is up (the content copied there), else here; a staged file that does not take
   * its place is removed, and the error thrown.
   */
  async place(content: Buffer, file: string): Promise<void> {
    const staged = await this.name();
    // Copied only for the thread, whose own the copy becomes: the content may be read by others meanwhile.
    const onThread = this.#placer.runMade(() => {
      const bytes = new Uint8Array(content);
      return { job: { bytes, staged, file }, transfer: [bytes.buffer] };
    });
    // A thread that went away (the pool closed, the thread failed) did the file or not: it is done here, whole, again.
    const placed = onThread === undefined ? undefined : await onThread.catch(() => undefined);
    if (placed === null) return;
    if (placed !== undefined) throw Object.assign(new Error(placed.message), placed.code === undefined ? {} : { code: placed.code });
    await writeFile(staged, content);
    await this.rename(staged, file);
  }

  /** A staged file renamed to `file`; one that does not take its place is removed, and the error thrown. */
  async rename(staged: string, file: string): Promise<void> {
    await rename(staged, file).catch(async (e: unknown) => {
      await this.discard(staged);
      throw e;
    });
  }

  /** Files the placing thread answered for (placed, or failed to). */
  get placedOnThread(): number {
    return this.#placer.answered;
  }

  /** Removes a staged file that did not take its place. */
  discard(file: string): Promise<void> {
    // A staged file that stays is removed with the folder at the next start (ready); the copy it was for is not affected.
    return unlink(file).catch(() => undefined);
  }

  /** True when names differing only in case are one name on this file system (a file made and looked for in capitals). */
  async caseInsensitive(): Promise<boolean> {
    const probe = await this.name();
    await writeFile(`${probe}-case`, '');
    const upper = await stat(`${probe}-CASE`).then(() => true, () => false);
    // An empty probe file that stays is removed with the folder at the next start (ready).
    await unlink(`${probe}-case`).catch(() => undefined);
    return upper;
  }
}
