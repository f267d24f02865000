import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ClassicLevel } from 'classic-level';
import { tempDir } from '../../../test/support/temp-dir.js';
import { BeancrawlError } from '../../util/beancrawl-error.js';
import { CONTROLLER_KEY, CURRENT_RUN_KEY, openStateFolder, RUN_SUBLEVEL, type RunRecord, type StateFolder } from './state-folder.js';
import { JOURNAL_SUBLEVEL } from '../../model/journaled-file.js';
import { FORMAT_KEY, META_SUBLEVEL, STATE_FORMAT } from './state-format.js';
import { levelStore } from '../../../test/support/level-store.js';
import { skipBecause } from '../../../test/support/skip-because.js';

type Db = ClassicLevel<string, string>;
type Contents = Record<string, Record<string, string>>;

const RUN: RunRecord = { runDir: 'runs/20240102T030405Z', startedAt: '2024-01-02T03:04:05.000Z' };
/** The run that begins after a new-run open: clearing happens only then. */
const NEXT: RunRecord = { runDir: 'runs/20240103T030405Z', startedAt: '2024-01-03T03:04:05.000Z' };

/** Writes sublevel → key → value through a LevelStateStore (which stamps the format). */
async function writeState(dir: string, contents: Contents): Promise<void> {
  const store = levelStore(dir);
  await store.start();
  for (const [name, entries] of Object.entries(contents)) {
    const sub = store.sublevel(name);
    for (const [key, value] of Object.entries(entries)) sub.put(key, value);
  }
  await store.stop();
}

/** Writes raw entries (no format stamp unless given) straight into a LevelDB database. */
async function writeRaw(dir: string, contents: Contents, root: Record<string, string> = {}): Promise<void> {
  const db: Db = new ClassicLevel(dir, { keyEncoding: 'utf8', valueEncoding: 'utf8' });
  await db.open();
  for (const [name, entries] of Object.entries(contents)) {
    const sub = db.sublevel<string, string>(name, { valueEncoding: 'utf8' });
    for (const [key, value] of Object.entries(entries)) await sub.put(key, value);
  }
  for (const [key, value] of Object.entries(root)) await db.put(key, value);
  await db.close();
}

/** The database's contents, sublevel → key → value (raw `!name!key` keys split; others under ''). */
async function readState(dir: string): Promise<Contents> {
  const db: Db = new ClassicLevel(dir, { keyEncoding: 'utf8', valueEncoding: 'utf8', createIfMissing: false });
  await db.open();
  try {
    const out: Contents = {};
    for (const [raw, value] of await db.iterator().all()) {
      const m = /^!([^!]*)!(.*)$/s.exec(raw);
      const [name, key] = m ? [m[1], m[2]] : ['', raw];
      (out[name] ??= {})[key] = value;
    }
    return out;
  } finally {
    await db.close();
  }
}

/** A state as a crawl leaves it: queues, uniq filter, statistics, journal, history, and the run. */
function crawlState(controller: { finished: boolean } | undefined): Contents {
  return {
    [RUN_SUBLEVEL]: {
      [CURRENT_RUN_KEY]: JSON.stringify(RUN),
      ...(controller ? { [CONTROLLER_KEY]: JSON.stringify({ bytes: 1234, documents: 5, elapsedMs: 678, ...controller }) } : {}),
    },
    [JOURNAL_SUBLEVEL]: { 'runs/20240102T030405Z/logs/crawl.log': '4096', 'warc:WARC-1': '{"file":"a.warc.gz","length":777}' },
    queues: { 'a.example#0001': 'http://a.example/1' },
    uniq: { 'http://a.example/': '1' },
    stats: { totals: '{"fetched":3}' },
    history: { 'http://a.example/': '{"status":200}' },
    // Another history (the content digest history in the crawl's store) is kept with the fetch history.
    'history:contentDigestHistory': { 'sha1:AAAA': 'v' },
    'kept:push:receiver': { '000000000001.000000001': '[{"kind":"new"}]' },
    // Names next to the kept ones in key order: cleared like any other.
    historyx: { k: 'v' },
    keptx: { k: 'v' },
    'kept;': { k: 'v' },
    metadata: { k: 'v' },
    a: { k: 'v' },
    z: { k: 'v' },
  };
}

/** Expects `attempt` to fail with a BeancrawlError of `code` whose message names `dir`. */
async function expectFailure(attempt: Promise<unknown>, code: string, dir: string): Promise<BeancrawlError> {
  let error: unknown;
  try {
    const folder = await attempt;
    await (folder as StateFolder | undefined)?.close?.();
  } catch (e) {
    error = e;
  }
  expect(error, `expected ${code}`).to.be.instanceOf(BeancrawlError);
  const diagnostics = (error as BeancrawlError).diagnostics;
  expect(diagnostics.map((d) => d.code)).to.deep.equal([code]);
  expect(diagnostics[0].message).to.contain(dir);
  expect((error as Error).message).to.contain(dir);
  return error as BeancrawlError;
}

/** The folder's files but LevelDB's info LOG, name → content. */
async function dataFiles(dir: string): Promise<Map<string, Buffer>> {
  const names = (await readdir(dir)).filter((n) => !/^LOG(\.old)?$/.test(n)).sort();
  return new Map(await Promise.all(names.map(async (n) => [n, await readFile(join(dir, n))] as const)));
}

/** Expects the database at `dir` to be closed again (not held locked) and readable by LevelDB. */
async function expectReleased(dir: string): Promise<void> {
  const db: Db = new ClassicLevel(dir, { createIfMissing: false });
  await db.open();
  await db.close();
}

describe(openStateFolder.name, () => {
  let base: string;
  let cleanup: () => Promise<void>;
  let dir: string;

  beforeEach(async () => {
    ({ dir: base, cleanup } = await tempDir());
    dir = join(base, 'state');
  });

  afterEach(async () => {
    await cleanup();
  });

  describe('a first run', () => {
    it('is a new run when the folder does not exist, and begin() creates it and records the run', async () => {
      const folder = await openStateFolder(join(base, 'not', 'yet', 'state'));
      expect(folder.mode).to.equal('new');
      expect(folder.previous).to.equal(undefined);
      expect([...folder.journal]).to.deep.equal([]);
      await folder.begin(RUN);

      const state = await readState(join(base, 'not', 'yet', 'state'));
      expect(JSON.parse(state[RUN_SUBLEVEL][CURRENT_RUN_KEY])).to.deep.equal(RUN);
      expect(JSON.parse(state[META_SUBLEVEL][FORMAT_KEY]).format).to.equal(STATE_FORMAT);
    });

    it('is a new run when the folder is empty', async () => {
      await mkdir(dir);
      const folder = await openStateFolder(dir);
      expect(folder.mode).to.equal('new');
      expect(folder.previous).to.equal(undefined);
      await folder.close();
      expect(await readdir(dir)).to.deep.equal([]);
    });

    it('is a new run when the folder holds only the leftovers of a database creation cut short', async () => {
      await mkdir(dir);
      await writeFile(join(dir, 'LOCK'), '');
      await writeFile(join(dir, 'LOG'), '2024/01/02-03:04:05.000000 7f Creating DB state since it was missing.\n');
      const folder = await openStateFolder(dir);
      expect(folder.mode).to.equal('new');
      await folder.begin(RUN);
      const again = await openStateFolder(dir);
      try {
        expect(again.mode).to.equal('resume');
        expect(again.previous).to.deep.equal(RUN);
      } finally {
        await again.close();
      }
    });

    it('is a new run when the creation stopped after writing the first MANIFEST, before CURRENT', async () => {
      await mkdir(dir);
      for (const name of ['LOCK', 'LOG', 'LOG.old', 'MANIFEST-000001', '000001.dbtmp']) await writeFile(join(dir, name), '');
      const folder = await openStateFolder(dir);
      expect(folder.mode).to.equal('new');
      await folder.close();
    });

    it('is a new run in a LevelDB database that is empty (no keys, no stamp), and begin() stamps it', async () => {
      await writeRaw(dir, {});
      const folder = await openStateFolder(dir);
      expect(folder.mode).to.equal('new');
      await folder.begin(RUN);
      const state = await readState(dir);
      expect(JSON.parse(state[META_SUBLEVEL][FORMAT_KEY]).format).to.equal(STATE_FORMAT);
      expect(JSON.parse(state[RUN_SUBLEVEL][CURRENT_RUN_KEY])).to.deep.equal(RUN);
    });
  });

  describe('a folder that is not a beancrawl state', () => {
    it('fails with BC_STATE_FOREIGN naming a folder holding other files', async () => {
      await mkdir(dir);
      await writeFile(join(dir, 'notes.txt'), 'my notes');
      const error = await expectFailure(openStateFolder(dir), 'BC_STATE_FOREIGN', dir);
      expect(error.message).to.contain('notes.txt');
      expect(await readdir(dir)).to.deep.equal(['notes.txt']);
    });

    it('fails with BC_STATE_FOREIGN when a file beside LevelDB leftovers is not LevelDB\'s', async () => {
      await mkdir(dir);
      await writeFile(join(dir, 'LOCK'), '');
      await writeFile(join(dir, 'index.html'), '<html></html>');
      await expectFailure(openStateFolder(dir), 'BC_STATE_FOREIGN', dir);
    });

    it('fails with BC_STATE_FOREIGN when the path is a file', async () => {
      await writeFile(dir, 'a file');
      await expectFailure(openStateFolder(dir), 'BC_STATE_FOREIGN', dir);
    });

    it('fails with BC_STATE_FOREIGN for a LevelDB database with keys but no format stamp, and leaves it closed', async () => {
      await writeRaw(dir, { users: { alice: '1' } }, { 'plain-key': 'value' });
      await expectFailure(openStateFolder(dir), 'BC_STATE_FOREIGN', dir);
      await expectFailure(openStateFolder(dir, { fresh: true, forgetHistory: true }), 'BC_STATE_FOREIGN', dir);
      await expectReleased(dir);
      // Nothing was cleared.
      expect(await readState(dir)).to.deep.equal({ users: { alice: '1' }, '': { 'plain-key': 'value' } });
    });
  });

  describe('a state that cannot be written', () => {
    /** Mounts a small tmpfs at `at` (made if missing); false where mounting is not allowed (not root). */
    function mountTmpfs(at: string, options = 'size=8m'): boolean {
      return spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', at]).status === 0;
    }

    it('fails with BC_STATE_UNWRITABLE, not as corrupt, for a state on a read-only file system, and leaves it whole', async function () {
      await mkdir(dir, { recursive: true });
      if (!mountTmpfs(dir)) skipBecause(this, 'mounting a tmpfs needs root');
      try {
        await writeState(dir, { run: { [CURRENT_RUN_KEY]: JSON.stringify(RUN) }, queues: { a: '1' } });
        const ro = spawnSync('mount', ['-o', 'remount,ro', dir], { encoding: 'utf8' });
        expect(ro.status, ro.stderr).to.equal(0);
        const error = await expectFailure(openStateFolder(dir), 'BC_STATE_UNWRITABLE', dir);
        expect(error.message).to.contain('nothing in it is damaged');
        const rw = spawnSync('mount', ['-o', 'remount,rw', dir], { encoding: 'utf8' });
        expect(rw.status, rw.stderr).to.equal(0);
        // Writable again: the run resumes as it was.
        const folder = await openStateFolder(dir);
        expect(folder.mode).to.equal('resume');
        await folder.close();
      } finally {
        spawnSync('umount', [dir]);
      }
    });

    it('fails with BC_STATE_UNWRITABLE when the folder to make it in cannot be written', async function () {
      const parent = join(dir, 'ro');
      await mkdir(parent, { recursive: true });
      if (!mountTmpfs(parent, 'size=1m,ro')) skipBecause(this, 'mounting a tmpfs needs root');
      try {
        await expectFailure(openStateFolder(join(parent, 'job', 'state')), 'BC_STATE_UNWRITABLE', join(parent, 'job', 'state'));
      } finally {
        spawnSync('umount', [parent]);
      }
    });

    it('fails with BC_STATE_UNWRITABLE for a folder without write permission (as a user other than root)', async function () {
      if (process.getuid?.() === 0) skipBecause(this, 'root writes anywhere: run as another user to see a folder without write permission refused ' +
        '(the read-only mounts above cover root)');
      await writeState(dir, { queues: { a: '1' } });
      await chmod(dir, 0o555);
      try {
        await expectFailure(openStateFolder(dir), 'BC_STATE_UNWRITABLE', dir);
      } finally {
        await chmod(dir, 0o755);
      }
    });
  });

  describe('a state of another format', () => {
    it('fails with BC_STATE_VERSION for a stamp of a higher format', async () => {
      const stamp = JSON.stringify({ format: STATE_FORMAT + 1, createdBy: '9.9.9' });
      await writeRaw(dir, { [META_SUBLEVEL]: { [FORMAT_KEY]: stamp }, [RUN_SUBLEVEL]: { [CURRENT_RUN_KEY]: JSON.stringify(RUN) } });
      const error = await expectFailure(openStateFolder(dir), 'BC_STATE_VERSION', dir);
      expect(error.message).to.contain('9.9.9');
      await expectFailure(openStateFolder(dir, { fresh: true }), 'BC_STATE_VERSION', dir);
      await expectReleased(dir);
      expect((await readState(dir))[RUN_SUBLEVEL]).to.deep.equal({ [CURRENT_RUN_KEY]: JSON.stringify(RUN) });
    });

    it('fails with BC_STATE_VERSION for a stamp of a lower format it cannot read', async () => {
      await writeRaw(dir, { [META_SUBLEVEL]: { [FORMAT_KEY]: JSON.stringify({ format: 0, createdBy: '0.0.1' }) } });
      await expectFailure(openStateFolder(dir), 'BC_STATE_VERSION', dir);
    });

    it('continues a folder of format 1 (stored URIs as objects), stamping it with its own, so that an older version refuses it', async () => {
      await writeRaw(dir, { [META_SUBLEVEL]: { [FORMAT_KEY]: JSON.stringify({ format: 1, createdBy: '0.0.1' }) }, [RUN_SUBLEVEL]: { [CURRENT_RUN_KEY]: JSON.stringify(RUN) } });
      const folder = await openStateFolder(dir);
      expect(folder.mode).to.equal('resume');
      await folder.close();
      expect(JSON.parse((await readState(dir))[META_SUBLEVEL][FORMAT_KEY]).format).to.equal(STATE_FORMAT);
    });

    it('fails with BC_STATE_CORRUPT for a stamp that cannot be read', async () => {
      await writeRaw(dir, { [META_SUBLEVEL]: { [FORMAT_KEY]: '{not json' } });
      await expectFailure(openStateFolder(dir), 'BC_STATE_CORRUPT', dir);
      await writeRaw(dir, { [META_SUBLEVEL]: { [FORMAT_KEY]: '{"format":"one"}' } });
      await expectFailure(openStateFolder(dir), 'BC_STATE_CORRUPT', dir);
      await expectReleased(dir);
    });
  });

  describe('a damaged state', () => {
    it('fails with BC_STATE_CORRUPT when CURRENT names a MANIFEST that is missing, and changes nothing', async () => {
      await writeState(dir, crawlState({ finished: false }));
      await writeFile(join(dir, 'CURRENT'), 'MANIFEST-000999\n');
      const before = await dataFiles(dir);
      await expectFailure(openStateFolder(dir), 'BC_STATE_CORRUPT', dir);
      await expectFailure(openStateFolder(dir, { fresh: true }), 'BC_STATE_CORRUPT', dir);
      // LevelDB's own LOG rotates on every attempt; nothing else changes.
      expect(await dataFiles(dir)).to.deep.equal(before);
      expect(await readFile(join(dir, 'CURRENT'), 'utf8')).to.equal('MANIFEST-000999\n');
    });

    it('fails with BC_STATE_CORRUPT when CURRENT holds garbage', async () => {
      await writeState(dir, crawlState({ finished: false }));
      await writeFile(join(dir, 'CURRENT'), 'garbage');
      await expectFailure(openStateFolder(dir), 'BC_STATE_CORRUPT', dir);
      await writeFile(join(dir, 'CURRENT'), Buffer.from([0x00, 0x01, 0xff, 0x0a]));
      await expectFailure(openStateFolder(dir), 'BC_STATE_CORRUPT', dir);
      await writeFile(join(dir, 'CURRENT'), '');
      await expectFailure(openStateFolder(dir), 'BC_STATE_CORRUPT', dir);
    });

    it('fails with BC_STATE_CORRUPT, not BC_JOB_RUNNING, when the folder\'s path contains "lock"', async () => {
      dir = join(base, 'blocklist', 'state');
      await writeState(dir, crawlState({ finished: false }));
      await writeFile(join(dir, 'CURRENT'), 'MANIFEST-000999\n');
      await expectFailure(openStateFolder(dir), 'BC_STATE_CORRUPT', dir);
    });

    it('fails with BC_STATE_CORRUPT, not a fresh start, when CURRENT is missing beside data files', async () => {
      await writeState(dir, crawlState({ finished: false }));
      await rm(join(dir, 'CURRENT'));
      await expectFailure(openStateFolder(dir), 'BC_STATE_CORRUPT', dir);
    });

    it('fails with BC_STATE_CORRUPT when a table file is damaged', async () => {
      await writeState(dir, crawlState({ finished: false }));
      const reopened: Db = new ClassicLevel(dir, { keyEncoding: 'utf8', valueEncoding: 'utf8' });
      await reopened.open();
      await reopened.compactRange('\u0000', '\uffff');
      await reopened.close();
      const tables = (await readdir(dir)).filter((f) => f.endsWith('.ldb'));
      expect(tables).to.not.deep.equal([]);
      for (const t of tables) await writeFile(join(dir, t), Buffer.alloc((await readFile(join(dir, t))).length, 0x41));
      await expectFailure(openStateFolder(dir), 'BC_STATE_CORRUPT', dir);
    });
  });

  describe('an unfinished run', () => {
    it('is resumed, with the previous run and the journal, and nothing cleared', async () => {
      const contents = crawlState({ finished: false });
      await writeState(dir, contents);
      const folder = await openStateFolder(dir);
      expect(folder.mode).to.equal('resume');
      expect(folder.previous).to.deep.equal(RUN);
      expect([...folder.journal]).to.deep.equal(Object.entries(contents[JOURNAL_SUBLEVEL]).sort(([a], [b]) => (a < b ? -1 : 1)));
      await folder.close();
      const state = await readState(dir);
      for (const [name, entries] of Object.entries(contents)) expect(state[name], name).to.deep.equal(entries);
    });

    it('is resumed when the run was recorded but the controller never committed its record', async () => {
      await writeState(dir, crawlState(undefined));
      const folder = await openStateFolder(dir);
      try {
        expect(folder.mode).to.equal('resume');
        expect(folder.previous).to.deep.equal(RUN);
      } finally {
        await folder.close();
      }
    });

    it('is dropped with {fresh: true}: a new run, previous set, everything cleared but meta, history and kept: sublevels (batches owed to a ' +
      'receiver)', async () => {
      const contents = crawlState({ finished: false });
      await writeState(dir, contents);
      const folder = await openStateFolder(dir, { fresh: true });
      expect(folder.mode).to.equal('new');
      expect(folder.previous).to.deep.equal(RUN);
      expect([...folder.journal]).to.deep.equal([]);
      await folder.begin(NEXT);
      const state = await readState(dir);
      expect(Object.keys(state).sort()).to.deep.equal(['history', 'history:contentDigestHistory', 'kept:push:receiver', META_SUBLEVEL, 'run'].sort());
      expect(state.history).to.deep.equal(contents.history);
      expect(state['kept:push:receiver']).to.deep.equal(contents['kept:push:receiver']);
      expect(JSON.parse(state[META_SUBLEVEL][FORMAT_KEY]).format).to.equal(STATE_FORMAT);
    });

    it('forgets the history too with {fresh: true, forgetHistory: true}', async () => {
      await writeState(dir, crawlState({ finished: false }));
      const folder = await openStateFolder(dir, { fresh: true, forgetHistory: true });
      expect(folder.mode).to.equal('new');
      expect(folder.previous).to.deep.equal(RUN);
      await folder.begin(NEXT);
      const state = await readState(dir);
      expect(Object.keys(state).sort()).to.deep.equal(['kept:push:receiver', META_SUBLEVEL, 'run'].sort());
    });

    it('is resumed, not cleared, with {forgetHistory: true} alone', async () => {
      const contents = crawlState({ finished: false });
      await writeState(dir, contents);
      const folder = await openStateFolder(dir, { forgetHistory: true });
      expect(folder.mode).to.equal('resume');
      await folder.close();
      expect((await readState(dir)).history).to.deep.equal(contents.history);
    });

    it('leaves an unfinished run as it was when a --fresh open is closed without begin()', async () => {
      await writeState(dir, crawlState({ finished: false }));
      const folder = await openStateFolder(dir, { fresh: true });
      await folder.close();
      const again = await openStateFolder(dir);
      try {
        expect(again.mode).to.equal('resume');
      } finally {
        await again.close();
      }
    });
  });

  describe('a finished run', () => {
    it('is followed by a new run with no previous one, its run state cleared but meta, history and kept: sublevels kept', async () => {
      const contents = crawlState({ finished: true });
      await writeState(dir, contents);
      const folder = await openStateFolder(dir);
      expect(folder.mode).to.equal('new');
      expect(folder.previous).to.equal(undefined);
      expect([...folder.journal]).to.deep.equal([]);
      await folder.begin(NEXT);
      const state = await readState(dir);
      expect(Object.keys(state).sort()).to.deep.equal(['history', 'history:contentDigestHistory', 'kept:push:receiver', META_SUBLEVEL, 'run'].sort());
      expect(state.history).to.deep.equal(contents.history);
    });

    it('forgets the history with {forgetHistory: true}', async () => {
      await writeState(dir, crawlState({ finished: true }));
      const folder = await openStateFolder(dir, { forgetHistory: true });
      expect(folder.mode).to.equal('new');
      expect(folder.previous).to.equal(undefined);
      await folder.begin(NEXT);
      expect(Object.keys(await readState(dir)).sort()).to.deep.equal(['kept:push:receiver', META_SUBLEVEL, 'run'].sort());
    });
  });

  describe('begin()', () => {
    it('records the run and clears the journal when resuming, and the next open sees the new run', async () => {
      await writeState(dir, crawlState({ finished: false }));
      const folder = await openStateFolder(dir);
      expect(folder.mode).to.equal('resume');
      expect(folder.journal.size).to.equal(2);
      const next: RunRecord = { runDir: 'runs/20240103T000000Z', continues: RUN.runDir, startedAt: '2024-01-03T00:00:00.000Z' };
      await folder.begin(next);
      // begin() closed the database.
      await expectReleased(dir);

      const state = await readState(dir);
      expect(state[JOURNAL_SUBLEVEL]).to.equal(undefined);
      expect(JSON.parse(state[RUN_SUBLEVEL][CURRENT_RUN_KEY])).to.deep.equal(next);
      expect(state.queues).to.deep.equal(crawlState(undefined).queues);

      const again = await openStateFolder(dir);
      try {
        expect(again.mode).to.equal('resume');
        expect(again.previous).to.deep.equal(next);
        expect([...again.journal]).to.deep.equal([]);
      } finally {
        await again.close();
      }
    });

    it('records a new run after a finished one, which the next open resumes until it finishes', async () => {
      await writeState(dir, crawlState({ finished: true }));
      const folder = await openStateFolder(dir);
      expect(folder.mode).to.equal('new');
      const next: RunRecord = { runDir: 'runs/20240104T000000Z', startedAt: '2024-01-04T00:00:00.000Z' };
      await folder.begin(next);

      const again = await openStateFolder(dir);
      expect(again.mode).to.equal('resume');
      expect(again.previous).to.deep.equal(next);
      await again.close();

      // The crawl finishes: its controller commits finished:true.
      await writeState(dir, { [RUN_SUBLEVEL]: { [CONTROLLER_KEY]: JSON.stringify({ bytes: 1, documents: 1, elapsedMs: 1, finished: true, exitStatus: 'FINISHED' }) } });
      const after = await openStateFolder(dir);
      expect(after.mode).to.equal('new');
      expect(after.previous).to.equal(undefined);
      await after.close();
    });
  });

  describe('a state in use', () => {
    it('fails with BC_JOB_RUNNING while another handle holds the database', async () => {
      await writeState(dir, crawlState({ finished: false }));
      const holder: Db = new ClassicLevel(dir, { keyEncoding: 'utf8', valueEncoding: 'utf8' });
      await holder.open();
      try {
        await expectFailure(openStateFolder(dir), 'BC_JOB_RUNNING', dir);
        await expectFailure(openStateFolder(dir, { fresh: true, forgetHistory: true }), 'BC_JOB_RUNNING', dir);
      } finally {
        await holder.close();
      }
      // Nothing was cleared meanwhile, and the folder opens once released.
      const folder = await openStateFolder(dir);
      try {
        expect(folder.mode).to.equal('resume');
      } finally {
        await folder.close();
      }
    });

    it('fails with BC_JOB_RUNNING while a LevelStateStore has it open', async () => {
      const store = levelStore(dir);
      await store.start();
      try {
        await expectFailure(openStateFolder(dir), 'BC_JOB_RUNNING', dir);
      } finally {
        await store.stop();
      }
    });

    it('holds the database between open and begin()/close(), so a second launch sees it running', async () => {
      await writeState(dir, crawlState({ finished: false }));
      const first = await openStateFolder(dir);
      try {
        await expectFailure(openStateFolder(dir), 'BC_JOB_RUNNING', dir);
      } finally {
        await first.close();
      }
    });
  });
});
