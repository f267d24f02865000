import { constants } from 'node:fs';
import { access, readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ClassicLevel } from 'classic-level';
import { classicLevel } from './classic-level-class.js';
import { levelOptions } from './level-options.js';
import { JOURNAL_SUBLEVEL } from '../../model/journaled-file.js';
import { HISTORY_SUBLEVEL, KEPT_SUBLEVEL_PREFIX } from '../../model/state-store.js';
import { BeancrawlError } from '../../util/beancrawl-error.js';
import type { ErrorCode } from '../../util/error-codes.js';
import { VERSION } from '../../util/version.js';
import { handOver } from './open-databases.js';
import { FORMAT_KEY, META_SUBLEVEL, READABLE_FORMATS, STATE_FORMAT, stampFormat, type FormatStamp } from './state-format.js';

type Db = ClassicLevel<string, string>;

/** Sublevels that outlive a run: the format stamp, the histories (`history`, `history:…`) unless forgotten, and those named `kept:…`. */
const KEPT_ACROSS_RUNS = [META_SUBLEVEL, HISTORY_SUBLEVEL];

/** Where the run in progress is recorded (`run` sublevel). */
export const RUN_SUBLEVEL = 'run';
export const CURRENT_RUN_KEY = 'current';
export const CONTROLLER_KEY = 'controller';

/** The run a state folder belongs to. */
export interface RunRecord {
  /** The run folder, relative to the job folder. */
  readonly runDir: string;
  /** The run folder this run continues, when it resumed one. */
  readonly continues?: string;
  readonly startedAt: string;
}

/** The state a launch found. */
export interface StateFolder {
  /** `resume`: a run that did not finish goes on; `new`: the run starts from the seeds. */
  readonly mode: 'resume' | 'new';
  /** The unfinished run being resumed (mode resume) or dropped by --fresh. */
  readonly previous?: RunRecord;
  /** Positions in the previous run's output files, as of its last commit (mode resume). */
  readonly journal: ReadonlyMap<string, string>;
  /**
   * Records the run that begins and closes the folder; until then a crash leaves the state as it
   * was. With `handOver`, the database is left open for the LevelStateStore that starts next in
   * this process (open-databases.ts), which saves opening it again.
   */
  begin(run: RunRecord, handOver?: boolean): Promise<void>;
  /** Closes the folder without beginning a run. */
  close(): Promise<void>;
}

export interface StateFolderOptions {
  /** Drop an unfinished run instead of resuming it. */
  readonly fresh?: boolean;
  /** Drop the fetch history too. */
  readonly forgetHistory?: boolean;
  /** The state store's maxOpenFiles, for the database the store takes over. */
  readonly maxOpenFiles?: number;
}

/**
 * Opens a job's state folder before a launch and decides between resuming and a new run. A
 * folder that does not exist, is empty or whose creation was cut short is a first run; one that
 * is not a beancrawl state, cannot be read or was written by an incompatible version is an error
 * naming the folder. For a new run everything but the format stamp and (unless forgotten) the
 * fetch history is cleared.
 */
export async function openStateFolder(dir: string, options: StateFolderOptions = {}): Promise<StateFolder> {
  const entries = await listFolder(dir);
  await checkWritable(entries === undefined ? await nearestFolder(dir) : dir, dir);
  if (entries === undefined || entries.length === 0 || (!entries.includes('CURRENT') && entries.every(isLevelLeftover))) {
    return freshFolder(dir, options.maxOpenFiles);
  }
  if (!entries.includes('CURRENT') && entries.some((e) => /^(\d+\.(log|ldb|sst)|MANIFEST-\d+)$/.test(e))) {
    fail('BC_STATE_CORRUPT', dir, 'holds LevelDB data files but no CURRENT file; start from a checkpoint (launch --checkpoint), or move the folder ' +
      'away for a new crawl');
  }
  if (!entries.includes('CURRENT')) {
    fail('BC_STATE_FOREIGN', dir, `is not a beancrawl state folder (it holds ${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', …' : ''}); ` +
      `move it away or set the state store's dir`);
  }
  const db: Db = new (classicLevel())(dir, { ...levelOptions(options.maxOpenFiles), createIfMissing: false });
  try {
    await db.open();
  } catch (e) {
    const cause = (e as { cause?: Error & { code?: string } }).cause ?? (e as Error & { code?: string });
    if (cause.code === 'LEVEL_LOCKED') {
      fail('BC_JOB_RUNNING', dir, 'is in use by another process (a crawl of this job that is still running?)');
    }
    if (NOT_WRITABLE.test(cause.message)) unwritable(dir, cause.message);
    fail('BC_STATE_CORRUPT', dir, `cannot be read: ${cause.message}; start from a checkpoint (launch --checkpoint), or move the folder away for a new crawl`);
  }
  try {
    const meta = db.sublevel<string, string>(META_SUBLEVEL, { valueEncoding: 'utf8' });
    const stamp = await meta.get(FORMAT_KEY);
    if (stamp === undefined) {
      const any = await db.keys({ limit: 1 }).all();
      if (any.length) fail('BC_STATE_FOREIGN', dir, 'is a LevelDB database but not a beancrawl state (it has no format stamp)');
    } else if (checkFormat(dir, stamp) !== STATE_FORMAT) {
      // An older format this version reads: from now on it writes its own, which older versions must refuse.
      const upgraded: FormatStamp = { format: STATE_FORMAT, createdBy: VERSION };
      await meta.put(FORMAT_KEY, JSON.stringify(upgraded));
    }
    const run = db.sublevel<string, string>(RUN_SUBLEVEL, { valueEncoding: 'utf8' });
    const current = parseJson<RunRecord>(await run.get(CURRENT_RUN_KEY));
    const controller = parseJson<{ finished?: boolean }>(await run.get(CONTROLLER_KEY));
    const unfinished = current !== undefined && controller?.finished !== true;
    if (unfinished && !options.fresh) {
      const journal = new Map(await db.sublevel<string, string>(JOURNAL_SUBLEVEL, { valueEncoding: 'utf8' }).iterator().all());
      return openFolder(db, 'resume', current, journal, options);
    }
    return openFolder(db, 'new', unfinished ? current : undefined, new Map(), options);
  } catch (e) {
    await db.close();
    if (e instanceof BeancrawlError) throw e;
    const code = (e as { code?: string }).code ?? '';
    if (code.startsWith('LEVEL_')) fail('BC_STATE_CORRUPT', dir, `cannot be read: ${((e as { cause?: Error }).cause ?? (e as Error)).message}`);
    throw e;
  }
}

/**
 * Clears every sublevel but those kept across runs. Raw keys of sublevel `name` start `!name!`, so
 * the kept ones are raw key prefixes: `!name!` for one sublevel, `!kept:` for every `kept:…` one.
 */
async function clearRunState(db: Db, forgetHistory: boolean): Promise<void> {
  // The run record goes first, in one write: a clearing cut short leaves a state with no run to resume.
  await db.batch([{ type: 'del', key: `!${RUN_SUBLEVEL}!${CURRENT_RUN_KEY}` }, { type: 'del', key: `!${RUN_SUBLEVEL}!${CONTROLLER_KEY}` }]);
  // `history` keeps every `history:…` sublevel with it.
  const names = KEPT_ACROSS_RUNS.filter((name) => !(forgetHistory && name === HISTORY_SUBLEVEL))
    .flatMap((n) => (n === HISTORY_SUBLEVEL ? [`!${n}!`, `!${n}:`] : [`!${n}!`]));
  const kept = [...names, `!${KEPT_SUBLEVEL_PREFIX}`].sort();
  let from = '';
  for (const prefix of kept) {
    await db.clear({ gte: from, lt: prefix });
    // Past every key that starts with the prefix: its last character, one higher.
    from = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  }
  await db.clear({ gte: from });
}

function openFolder(db: Db, mode: 'resume' | 'new', previous: RunRecord | undefined, journal: ReadonlyMap<string, string>, options: StateFolderOptions): StateFolder {
  return {
    mode, previous, journal,
    begin: async (record, keepOpen) => {
      try {
        // A new run's state is cleared only now, so that a launch that fails before it begins leaves the state as it was.
        if (mode === 'new') await clearRunState(db, options.forgetHistory === true);
        await stampFormat(db);
        // Positions of earlier launches' files are settled (recovered, or not this run's: a checkpoint's).
        await db.sublevel<string, string>(JOURNAL_SUBLEVEL, { valueEncoding: 'utf8' }).clear();
        await db.sublevel<string, string>(RUN_SUBLEVEL, { valueEncoding: 'utf8' }).put(CURRENT_RUN_KEY, JSON.stringify(record));
      } catch (e) {
        await db.close();
        throw e;
      }
      // Left open for the state store bean (LevelStateStore takes it over; launch-job closes it if the bean never starts).
      if (keepOpen) handOver(db.location, db);
      else await db.close();
    },
    close: () => db.close(),
  };
}

/** A first run: the store creates the folder when it starts; the run is recorded then. */
function freshFolder(dir: string, maxOpenFiles: number | undefined): StateFolder {
  return {
    mode: 'new', journal: new Map(),
    begin: async (record, keepOpen) => {
      const db: Db = new (classicLevel())(dir, levelOptions(maxOpenFiles));
      try {
        await db.open();
      } catch (e) {
        const cause = (e as { cause?: Error }).cause ?? (e as Error);
        if (NOT_WRITABLE.test(cause.message)) unwritable(dir, cause.message);
        fail('BC_STATE_CORRUPT', dir, `cannot be created: ${cause.message}`);
      }
      await openFolder(db, 'new', undefined, new Map(), {}).begin(record, keepOpen);
    },
    close: async () => undefined,
  };
}

/** The folder's format, when this version can read it. */
function checkFormat(dir: string, text: string): number {
  const stamp = parseJson<FormatStamp>(text);
  if (!stamp || typeof stamp.format !== 'number') fail('BC_STATE_CORRUPT', dir, 'has an unreadable format stamp');
  if (!READABLE_FORMATS.includes(stamp.format)) {
    const newer = stamp.format > STATE_FORMAT;
    fail('BC_STATE_VERSION', dir, `was written by beancrawl ${stamp.createdBy} in state format ${stamp.format}, which this version (format ` +
      `${STATE_FORMAT}) cannot ${newer ? 'read: use that version or newer' : 'continue: finish the crawl with that version, or start over with ' +
      '--fresh --forget-history after moving the folder away'}`);
  }
  return stamp.format;
}

/** How LevelDB words an error of permission or of a read-only file system (it gives no errno code). */
const NOT_WRITABLE = /Permission denied|Read-only file system|Operation not permitted/i;

/** Fails with BC_STATE_UNWRITABLE unless `folder` (the state folder, or the folder it is to be made in) can be written. */
async function checkWritable(folder: string, dir: string): Promise<void> {
  try {
    await access(folder, constants.W_OK | constants.X_OK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      unwritable(dir, folder === dir ? `${code}: ${(e as Error).message}` : `${folder}, where it is to be made, is not writable (${code})`);
    }
  }
}

/** The nearest folder that exists on the way up from `dir`. */
async function nearestFolder(dir: string): Promise<string> {
  let folder = dirname(dir);
  for (;;) {
    try {
      await stat(folder);
      return folder;
    } catch {
      const up = dirname(folder);
      if (up === folder) return folder;
      folder = up;
    }
  }
}

function unwritable(dir: string, why: string): never {
  fail('BC_STATE_UNWRITABLE', dir, `cannot be written (${why}); nothing in it is damaged: make it writable (permissions, free a read-only mount) ` +
    `and launch again`);
}

/** Files LevelDB writes while it creates a database, before CURRENT exists (data files come only after). */
function isLevelLeftover(name: string): boolean {
  return /^(LOCK|LOG|LOG\.old|MANIFEST-\d+|\d+\.dbtmp)$/.test(name);
}

async function listFolder(dir: string): Promise<string[] | undefined> {
  try {
    if (!(await stat(dir)).isDirectory()) fail('BC_STATE_FOREIGN', dir, 'is a file, not a state folder');
    return await readdir(dir);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (e instanceof BeancrawlError) throw e;
    // No permission to look in it is no damage to it.
    if (code === 'EACCES' || code === 'EPERM') unwritable(dir, `${code}: ${(e as Error).message}`);
    fail('BC_STATE_CORRUPT', dir, `cannot be read: ${(e as Error).message}`);
  }
}

function parseJson<T>(text: string | undefined): T | undefined {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

function fail(code: ErrorCode, dir: string, message: string): never {
  throw new BeancrawlError([{ code, location: { file: join(dir) }, message: `state folder ${dir} ${message}` }]);
}
