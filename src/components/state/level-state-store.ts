import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { ClassicLevel } from 'classic-level';
import { classicLevel } from './classic-level-class.js';
import { takeOver } from './open-databases.js';
import { JOURNAL_SUBLEVEL } from '../../model/journaled-file.js';
import type { StateParticipant, StateStore, StateSublevel } from '../../model/state-store.js';
import { stampFormat } from './state-format.js';
import { StagedOps } from './staged-ops.js';
import { levelOptions, MAX_OPEN_FILES } from './level-options.js';
import { makeFolders } from '../../util/make-folders.js';

export const levelStateStoreComponent = defineComponent({
  name: 'LevelStateStore',
  aliases: ['BdbModule', 'org.archive.bdb.BdbModule'],
  description:
    'The crawl\'s durable state on disk (classic-level, one folder per job): queued and in-flight URIs, the uniq filter, ' +
    'queue budgets, statistics and where the logs and WARC files stood. Changes are committed together, atomically, every ' +
    '`commitIntervalMs`: a crash costs at most re-doing the URIs finished since the last commit, and the next launch resumes. ' +
    'Heritrix\'s BdbModule settings other than `dir` are accepted and ignored.',
  kinds: ['StateStore'],
  props: {
    dir: { type: 'string', default: 'state', path: true, minLength: 1, description: 'The folder, relative to the job folder.' },
    commitIntervalMs: { type: 'integer', default: 25, minimum: 5, maximum: 60000, description: 'Milliseconds between commits: how much finished ' +
      'work a crash can make the crawl re-do.' },
    syncCommits: { type: 'boolean', default: false, description: 'Have each commit reach the disk (fsync) before it counts: survives a power cut, ' +
      'not only a crash of the process, at some cost in speed.' },
    maxOpenFiles: {
      type: 'integer', default: MAX_OPEN_FILES, minimum: 74,
      description: 'Files LevelDB keeps open, 10 of them its own and the rest tables of 2 MB (its table cache; LevelDB\'s ' +
        'least is 74, its default 1,000). An open table keeps its index in memory and is mapped into memory as it is read, so ' +
        'this bounds what a large state (tens of millions of URIs, gigabytes on disk) takes in memory; a read from a table ' +
        'not open opens it first (a fraction of a millisecond, on a thread of its own).',
    },
    cachePercent: { type: 'integer', default: -1, description: 'Accepted for Heritrix files; ignored.' },
    useSharedCache: { type: 'boolean', default: true, description: 'Accepted for Heritrix files; ignored.' },
    expectedConcurrency: { type: 'integer', default: 64, description: 'Accepted for Heritrix files; ignored.' },
    useHardLinkCheckpoints: { type: 'boolean', default: true, description: 'Accepted for Heritrix files; ignored.' },
  },
  load: async (): Promise<ComponentClass> => LevelStateStore,
});

type Db = ClassicLevel<string, string>;

type Sub = ReturnType<typeof openSublevel>;

/** Raw keys of the journal of output files (sublevel `journal`). */
const JOURNAL_PREFIX = `!${JOURNAL_SUBLEVEL}!`;

/** Rows copied per batch when a checkpoint is written. */
const COPY_CHUNK = 2000;

/** The largest buffer of staged ops kept for the next commit's. */
const SPARE_BYTES = 1 << 22;

/** Staged changes beyond which a commit is started without waiting for the interval (bursts of outlinks, bulk scheduling). */
const EARLY_COMMIT_OPS = 20000;

/**
 * A classic-level database in the job's state folder, opened on start and closed on stop.
 * Staged changes are committed every `commitIntervalMs`, on demand, and once more on stop (after
 * every bean that uses the store has stopped); a commit that fails keeps its changes for the next.
 */
export class LevelStateStore implements StateStore {
  #db?: Db;
  readonly #subs = new Map<string, Sub>();
  readonly #participants: StateParticipant[] = [];
  readonly #faultListeners: Array<(e: Error | undefined) => void> = [];
  /** Ops on the root database, keys already prefixed as classic-level prefixes a sublevel's (`!name!key`): much faster to batch than ops naming sublevels. */
  #staged = new StagedOps();
  /** The changes of a commit that failed, written before anything staged since. */
  #unwritten?: StagedOps;
  /** The ops of the last commit written, cleared, to be staged into next: no new buffer for every commit. */
  #spare?: StagedOps;
  #faulted = false;
  /** A batch failed: the database is opened again before the next one. */
  #reopen = false;
  #chain: Promise<void> = Promise.resolve();
  #next?: Promise<void>;
  #timer?: NodeJS.Timeout;

  constructor(readonly config: ConfigOf<typeof levelStateStoreComponent>) {}

  get folder(): string {
    return this.config.dir;
  }

  async start(): Promise<void> {
    if (this.#db) return;
    // The launch that began the run left the database open for this bean.
    let db = takeOver(this.config.dir);
    if (!db) {
      await makeFolders(this.config.dir);
      db = new (classicLevel())(this.config.dir, levelOptions(this.config.maxOpenFiles));
      await db.open();
    }
    this.#db = db;
    await stampFormat(db);
    this.#schedule();
  }

  async stop(): Promise<void> {
    if (!this.#db) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    try {
      // The last commit, after every bean using the store has stopped: participants may say so.
      const last = this.#chain.then(() => this.#commitNow(true));
      // The chain only orders commits: this one's failure is thrown below and told to the fault listeners.
      this.#chain = last.catch(() => undefined);
      await last;
    } finally {
      // The handle open now (a failed batch may have had the database opened again).
      const db = this.#db;
      this.#db = undefined;
      this.#subs.clear();
      await db?.close();
    }
  }

  participate(participant: StateParticipant): void {
    this.#participants.push(participant);
  }

  onFault(listener: (error: Error | undefined) => void): void {
    this.#faultListeners.push(listener);
  }

  commit(): Promise<void> {
    // Calls made while a commit is being written share the one after it.
    if (this.#next) return this.#next;
    const next = this.#chain.then(() => {
      this.#next = undefined;
      return this.#commitNow();
    });
    this.#next = next;
    // The chain only orders commits: this one's failure goes to its callers and to the fault listeners.
    this.#chain = next.catch(() => undefined);
    return next;
  }

  /**
   * Copies the store as of one instant (a snapshot iterator) into a new database at `dir`; the
   * journal of output files is left out, since those files go on past the copy.
   */
  async copyTo(dir: string, options: { readonly withJournal?: boolean } = {}): Promise<number> {
    await this.commit();
    const db = this.#open();
    const target: Db = new (classicLevel())(dir, { ...levelOptions(this.config.maxOpenFiles), errorIfExists: true });
    await target.open();
    let rows = 0;
    const it = db.iterator();
    try {
      for (;;) {
        const entries = await it.nextv(COPY_CHUNK);
        if (entries.length === 0) break;
        const kept = options.withJournal ? entries : entries.filter(([key]) => !key.startsWith(JOURNAL_PREFIX));
        if (kept.length) await target.batch(kept.map(([key, value]) => ({ type: 'put' as const, key, value })));
        rows += kept.length;
      }
    } finally {
      await it.close();
      await target.close();
    }
    return rows;
  }

  sublevel(name: string): StateSublevel {
    const sub = (): Sub => {
      let s = this.#subs.get(name);
      if (!s) {
        s = openSublevel(this.#open(), name);
        this.#subs.set(name, s);
      }
      return s;
    };
    const prefix = `!${name}!`;
    return {
      get: async (key) => sub().get(key),
      put: (key, value) => this.#stage(prefix + key, value),
      del: (key) => this.#stage(prefix + key, null),
      range: async (gte, lt, limit) => sub().iterator({ gte, lt, limit: limit ?? -1 }).all() as Promise<Array<[string, string]>>,
    };
  }

  #stage(key: string, value: string | null): void {
    // A commit that fails is told to the fault listeners (the crawl pauses for it) and its entries are kept for the next.
    if (this.#staged.add(key, value) === EARLY_COMMIT_OPS) setImmediate(() => void this.commit().catch(() => undefined));
  }

  async #commitNow(final = false): Promise<void> {
    const db = this.#db;
    if (!db) return;
    let ops: StagedOps | undefined;
    try {
      // One instant: every participant stages, with nothing else running in between.
      for (const p of this.#participants) p.stage(final);
      if (this.#staged.count === 0 && !this.#unwritten) return this.#recovered();
      ops = this.#unwritten ? this.#unwritten.mergedWith(this.#staged) : this.#staged;
      this.#staged = this.#spare ?? new StagedOps();
      this.#spare = undefined;
      this.#unwritten = undefined;
      await Promise.all(this.#participants.map((p) => p.flushed?.()));
      // LevelDB keeps a write error (a full disk) until the database is opened again.
      if (this.#reopen) await this.#reopenDb();
      try {
        await writeOps(this.#db!, ops, this.config.syncCommits);
      } catch (e) {
        this.#reopen = true;
        throw e;
      }
      for (const p of this.#participants) p.committed?.();
      // The batch copied them. A buffer a burst made large is let go.
      if (ops.capacity <= SPARE_BYTES) {
        ops.clear();
        this.#spare = ops;
      }
    } catch (e) {
      // Kept for the next commit: what this one took, or (a participant failed to stage) what was staged.
      if (ops) this.#unwritten = ops;
      else {
        this.#unwritten = this.#unwritten ? this.#unwritten.mergedWith(this.#staged) : this.#staged;
        this.#staged = new StagedOps();
      }
      const error = e instanceof Error ? e : new Error(String(e));
      this.#faulted = true;
      for (const l of this.#faultListeners) l(error);
      throw error;
    }
    this.#recovered();
  }

  async #reopenDb(): Promise<void> {
    const old = this.#db!;
    this.#subs.clear();
    // A database kept in a write error is let go: the entries not written are kept for the commit that follows.
    await old.close().catch(() => undefined);
    const db: Db = new (classicLevel())(this.config.dir, levelOptions(this.config.maxOpenFiles));
    await db.open();
    this.#db = db;
    this.#reopen = false;
  }

  /** After a failure, the first commit that succeeds says so. */
  #recovered(): void {
    if (!this.#faulted) return;
    this.#faulted = false;
    for (const l of this.#faultListeners) l(undefined);
  }

  #schedule(): void {
    // While commits fail, they are tried once a second rather than every interval.
    this.#timer = setTimeout(() => {
      // A commit that fails is told to the fault listeners (the crawl pauses for it) and its entries are kept for the next.
      this.commit().catch(() => undefined).finally(() => {
        if (this.#db) this.#schedule();
      });
    }, this.#faulted ? Math.max(1000, this.config.commitIntervalMs) : this.config.commitIntervalMs);
    this.#timer.unref();
  }

  #open(): Db {
    if (!this.#db) throw new Error(`state store ${this.config.dir} is not open`);
    return this.#db;
  }
}

/** classic-level's database as abstract-level's implementation methods take a batch. */
interface RawDb {
  _batch?(ops: RawOp[], options: { sync: boolean }): Promise<void>;
}

type RawOp = { type: 'put'; key: Buffer; value: Buffer } | { type: 'del'; key: Buffer };

/**
 * Writes the ops in one atomic batch, as bytes (staged as UTF-8) straight to classic-level's
 * `_batch` (checked already: no hooks set, the database open), which makes the native batch,
 * writes it and frees it at once. A chained batch took a quarter of the CPU, but its native copy
 * of the ops is freed only when the collector finds the batch object, which V8 (not knowing its
 * size) left for seconds once the frontier made little garbage: batches of megabytes piled up
 * outside the heap (RSS 100 MB more at 5,000,000 queued URIs). The public chained batch stays
 * the way when hooks are set.
 */
async function writeOps(db: Db, ops: StagedOps, sync: boolean): Promise<void> {
  const raw = db as unknown as RawDb;
  if (typeof raw._batch === 'function' && (db.hooks.prewrite as { noop?: boolean }).noop === true && db.status === 'open') {
    const list: RawOp[] = new Array(ops.count);
    for (let op = 0; op < ops.count; op++) {
      const value = ops.valueBytes(op);
      list[op] = value !== null ? { type: 'put', key: ops.keyBytes(op), value } : { type: 'del', key: ops.keyBytes(op) };
    }
    return raw._batch(list, { sync });
  }
  const batch = db.batch();
  for (let op = 0; op < ops.count; op++) {
    const value = ops.value(op);
    if (value !== null) batch.put(ops.key(op), value);
    else batch.del(ops.key(op));
  }
  await batch.write({ sync });
}

function openSublevel(db: Db, name: string) {
  return db.sublevel<string, string>(name, { keyEncoding: 'utf8', valueEncoding: 'utf8' });
}

