import { expect } from 'chai';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { tempDir } from '../../test/support/temp-dir.js';
import { LevelStateStore } from '../components/state/level-state-store.js';
import { CHECKPOINT_STAMP, CHECKPOINT_STATE, listCheckpoints, type CheckpointStamp } from './checkpoint-folder.js';
import { CheckpointService } from './checkpoint-service.js';
import { dumpLevel, levelStore } from '../../test/support/level-store.js';

const CP_NAME = /^cp\d{5}-\d{14}$/;



async function readStamp(cpDir: string): Promise<CheckpointStamp> {
  return JSON.parse(await readFile(join(cpDir, CHECKPOINT_STAMP), 'utf8')) as CheckpointStamp;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}

describe(CheckpointService.name, () => {
  let jobDir: string;
  let cleanup: () => Promise<void>;
  let store: LevelStateStore;
  let checkpointsDir: string;
  let runDir: string;
  const services: CheckpointService[] = [];

  const service = (overrides: Partial<ConstructorParameters<typeof CheckpointService>[0]> = {}): CheckpointService => {
    const s = new CheckpointService({
      checkpointIntervalMinutes: -1, checkpointsDir, checkpointOnShutdown: false, forgetAllButLatest: false,
      runDir, stateStore: store, loggerModule: undefined, ...overrides,
    });
    services.push(s);
    return s;
  };

  beforeEach(async () => {
    ({ dir: jobDir, cleanup } = await tempDir({
      '20250102030405/crawler-beans.cxml': '<beans/>',
      '20250102030405/extra.xml': '<beans id="x"/>',
      '20250102030405/job.json': '{"beans":{}}',
      '20250102030405/crawl.log': 'a log line\n',
      '20250102030405/notes.txt': 'not a bean file',
      '20250102030405/logs/nested.xml': '<nested/>',
      '20250102030405/logs/progress-statistics.log': 'x',
    }));
    runDir = join(jobDir, '20250102030405');
    checkpointsDir = join(jobDir, 'checkpoints');
    store = levelStore(join(jobDir, 'state'));
    await store.start();
    const a = store.sublevel('alpha');
    const b = store.sublevel('beta');
    for (let i = 0; i < 50; i++) a.put(`k${String(i).padStart(3, '0')}`, `value ${i}`);
    b.put('one', '1');
    b.put('two', '2');
    b.put('gone', 'x');
    await store.commit();
    b.del('gone');
    await store.commit();
  });

  afterEach(async () => {
    for (const s of services.splice(0)) await s.stop().catch(() => undefined);
    await store.stop().catch(() => undefined);
    await cleanup();
  });

  describe('.checkpoint()', () => {
    it('creates checkpointsDir/cp00001-<14 digits> with a copy of the store in state/', async () => {
      const cp = await service().checkpoint();
      expect(basename(cp)).to.match(/^cp00001-\d{14}$/);
      expect(join(cp, '..')).to.equal(checkpointsDir);
      expect((await stat(join(cp, CHECKPOINT_STATE))).isDirectory()).to.equal(true);

      const copy = levelStore(join(cp, CHECKPOINT_STATE));
      await copy.start();
      try {
        const alpha = await copy.sublevel('alpha').range('', '\uffff');
        expect(alpha).to.have.length(50);
        expect(alpha[0]).to.deep.equal(['k000', 'value 0']);
        expect(alpha[49]).to.deep.equal(['k049', 'value 49']);
        expect(await copy.sublevel('beta').range('', '\uffff')).to.deep.equal([['one', '1'], ['two', '2']]);
        expect(await copy.sublevel('beta').get('gone')).to.equal(undefined);
      } finally {
        await copy.stop();
      }
    });

    it('holds exactly the entries of the store, and the stamp counts them', async () => {
      const cp = await service().checkpoint();
      await store.stop();
      const original = await dumpLevel(join(jobDir, 'state'));
      const copied = await dumpLevel(join(cp, CHECKPOINT_STATE));
      expect(copied).to.deep.equal(original);
      expect((await readStamp(cp)).entries).to.equal(original.length);
    });

    it('copies what was staged before it (it commits first)', async () => {
      store.sublevel('beta').put('late', 'staged only');
      const cp = await service().checkpoint();
      const copied = await dumpLevel(join(cp, CHECKPOINT_STATE));
      expect(copied).to.deep.include(['!beta!late', 'staged only']);
    });

    it('copies the bean files at the top of runDir, and no other file or subfolder', async () => {
      const cp = await service().checkpoint();
      const names = (await readdir(cp)).sort();
      expect(names).to.deep.equal([CHECKPOINT_STAMP, 'crawler-beans.cxml', 'extra.xml', 'job.json', CHECKPOINT_STATE].sort());
      expect(await readFile(join(cp, 'crawler-beans.cxml'), 'utf8')).to.equal('<beans/>');
      expect(await readFile(join(cp, 'extra.xml'), 'utf8')).to.equal('<beans id="x"/>');
      expect(await readFile(join(cp, 'job.json'), 'utf8')).to.equal('{"beans":{}}');
    });

    it('ignores a subfolder of runDir whose name looks like a bean file', async () => {
      await mkdir(join(runDir, 'old-beans.xml'));
      await writeFile(join(runDir, 'old-beans.xml', 'inner.cxml'), '<beans/>');
      const cp = await service().checkpoint();
      expect(await exists(join(cp, 'old-beans.xml'))).to.equal(false);
      expect((await readStamp(cp)).valid).to.equal(true);
    });

    it('writes checkpoint.json with valid: true, its name, the entry count, the time and the run folder', async () => {
      const before = Date.now();
      const cp = await service().checkpoint();
      const stamp = await readStamp(cp);
      expect(stamp.valid).to.equal(true);
      expect(stamp.name).to.equal(basename(cp));
      expect(stamp.entries).to.be.a('number').and.be.greaterThan(52);
      expect(Date.parse(stamp.takenAt)).to.be.within(before - 1000, Date.now() + 1000);
      expect(stamp.runDir).to.equal('20250102030405');
      // Written through a temporary file, which is gone.
      expect(await exists(join(cp, `${CHECKPOINT_STAMP}.tmp`))).to.equal(false);
    });

    it('works without a run folder (no bean file to copy)', async () => {
      const cp = await service({ runDir: join(jobDir, 'no-such-run') }).checkpoint();
      expect((await readdir(cp)).sort()).to.deep.equal([CHECKPOINT_STAMP, CHECKPOINT_STATE].sort());
      expect((await readStamp(cp)).valid).to.equal(true);
    });

    it('numbers the second checkpoint cp00002 and lists both, oldest first', async () => {
      const s = service();
      const first = await s.checkpoint();
      store.sublevel('beta').put('three', '3');
      const second = await s.checkpoint();
      expect(basename(first)).to.match(/^cp00001-/);
      expect(basename(second)).to.match(/^cp00002-/);
      expect(basename(second)).to.match(CP_NAME);
      const listed = await listCheckpoints(checkpointsDir);
      expect(listed.map((c) => c.dir)).to.deep.equal([first, second]);
      expect(listed.map((c) => c.serial)).to.deep.equal([1, 2]);
      // Each is a copy of the store as it stood when it was taken.
      expect((await dumpLevel(join(first, CHECKPOINT_STATE))).some(([k]) => k === '!beta!three')).to.equal(false);
      expect((await dumpLevel(join(second, CHECKPOINT_STATE))).some(([k]) => k === '!beta!three')).to.equal(true);
      expect((await readStamp(second)).entries).to.equal((await readStamp(first)).entries + 1);
    });

    it('numbers after an incomplete checkpoint folder, which listCheckpoints ignores', async () => {
      const s = service();
      const first = await s.checkpoint();
      // A checkpoint begun and never stamped (the crawl was killed while it was copied).
      const incomplete = join(checkpointsDir, 'cp00002-20240101000000');
      await mkdir(join(incomplete, CHECKPOINT_STATE), { recursive: true });
      expect((await listCheckpoints(checkpointsDir)).map((c) => c.dir)).to.deep.equal([first]);
      const third = await s.checkpoint();
      expect(basename(third)).to.match(/^cp00003-\d{14}$/);
      expect((await listCheckpoints(checkpointsDir)).map((c) => c.dir)).to.deep.equal([first, third]);
    });

    it('ignores a folder whose checkpoint.json is not valid, and other names', async () => {
      await mkdir(join(checkpointsDir, 'cp00007-20240101000000'), { recursive: true });
      await writeFile(join(checkpointsDir, 'cp00007-20240101000000', CHECKPOINT_STAMP), '{"valid": false}');
      await mkdir(join(checkpointsDir, 'not-a-checkpoint'), { recursive: true });
      expect(await listCheckpoints(checkpointsDir)).to.deep.equal([]);
      const cp = await service().checkpoint();
      expect(basename(cp)).to.match(/^cp00008-/);
      expect((await listCheckpoints(checkpointsDir)).map((c) => c.dir)).to.deep.equal([cp]);
    });

    it('ignores a folder whose checkpoint.json does not parse', async () => {
      await mkdir(join(checkpointsDir, 'cp00008-20240101000000'), { recursive: true });
      await writeFile(join(checkpointsDir, 'cp00008-20240101000000', CHECKPOINT_STAMP), '{ truncated');
      expect(await listCheckpoints(checkpointsDir)).to.deep.equal([]);
      const cp = await service({ forgetAllButLatest: true }).checkpoint();
      expect(basename(cp)).to.match(/^cp00009-/);
      expect((await listCheckpoints(checkpointsDir)).map((c) => c.dir)).to.deep.equal([cp]);
    });

    it('runs concurrent calls one after the other, under distinct names', async () => {
      const s = service();
      const dirs = await Promise.all([s.checkpoint(), s.checkpoint(), s.checkpoint()]);
      expect(dirs.map((d) => basename(d).slice(0, 7))).to.deep.equal(['cp00001', 'cp00002', 'cp00003']);
      const stamps = await Promise.all(dirs.map(readStamp));
      for (const [i, stamp] of stamps.entries()) {
        expect(stamp.valid).to.equal(true);
        expect(stamp.name).to.equal(basename(dirs[i]));
        expect(stamp.entries).to.equal(stamps[0].entries);
      }
      expect(await listCheckpoints(checkpointsDir)).to.have.length(3);
    });

    it('goes on with the next call after one fails', async () => {
      // A state store that cannot be copied.
      const broken = service({ stateStore: { sublevel: () => store.sublevel('x'), participate: () => undefined, commit: async () => undefined, onFault: () => undefined } });
      await broken.checkpoint().then(() => expect.fail('should have failed'), (e: Error) => expect(e.message).to.match(/cannot be copied/));
      const s = service();
      const cp = await s.checkpoint();
      expect((await readStamp(cp)).valid).to.equal(true);
    });

    it('with forgetAllButLatest, removes the older complete checkpoints once the new one is complete', async () => {
      const keep = service();
      const first = await keep.checkpoint();
      const second = await keep.checkpoint();
      const third = await service({ forgetAllButLatest: true }).checkpoint();
      expect(basename(third)).to.match(/^cp00003-/);
      expect(await exists(first)).to.equal(false);
      expect(await exists(second)).to.equal(false);
      expect((await listCheckpoints(checkpointsDir)).map((c) => c.dir)).to.deep.equal([third]);
      expect((await readStamp(third)).valid).to.equal(true);
      expect(await exists(join(third, CHECKPOINT_STATE))).to.equal(true);
    });

    it('without forgetAllButLatest, keeps every checkpoint', async () => {
      const s = service();
      await s.checkpoint();
      await s.checkpoint();
      await s.checkpoint();
      expect(await listCheckpoints(checkpointsDir)).to.have.length(3);
    });
  });

  describe('.stop()', () => {
    it('with checkpointOnShutdown, takes a checkpoint', async () => {
      const s = service({ checkpointOnShutdown: true });
      s.start();
      await s.stop();
      const listed = await listCheckpoints(checkpointsDir);
      expect(listed).to.have.length(1);
      expect(listed[0].stamp.name).to.match(/^cp00001-\d{14}$/);
    });

    it('without checkpointOnShutdown, takes none', async () => {
      const s = service({ checkpointOnShutdown: false });
      s.start();
      await s.stop();
      expect(await listCheckpoints(checkpointsDir)).to.deep.equal([]);
      expect(await exists(checkpointsDir)).to.equal(false);
    });

    it('waits for a checkpoint under way', async () => {
      const s = service();
      let done = false;
      const taking = s.checkpoint().then((d) => {
        done = true;
        return d;
      });
      await s.stop();
      expect(done).to.equal(true);
      expect((await readStamp(await taking)).valid).to.equal(true);
    });

    it('with checkpointOnShutdown, takes its checkpoint after one under way', async () => {
      const s = service({ checkpointOnShutdown: true });
      const taking = s.checkpoint();
      await s.stop();
      const listed = await listCheckpoints(checkpointsDir);
      expect(listed.map((c) => c.serial)).to.deep.equal([1, 2]);
      expect(listed[0].dir).to.equal(await taking);
    });
  });

  describe('checkpointIntervalMinutes', () => {
    const realSetInterval = globalThis.setInterval;
    const realClearInterval = globalThis.clearInterval;
    let started: Array<{ fn: () => void; ms: number; handle: NodeJS.Timeout }>;
    let cleared: unknown[];

    beforeEach(() => {
      started = [];
      cleared = [];
      // Fake setInterval: records the callback and delay, and hands back a real (never firing, unref'd) timer.
      globalThis.setInterval = ((fn: () => void, ms: number) => {
        const handle = realSetInterval(() => undefined, 2 ** 31 - 1);
        started.push({ fn, ms, handle });
        return handle;
      }) as typeof setInterval;
      globalThis.clearInterval = ((h: NodeJS.Timeout | undefined) => {
        cleared.push(h);
        realClearInterval(h);
      }) as typeof clearInterval;
    });

    afterEach(() => {
      globalThis.setInterval = realSetInterval;
      globalThis.clearInterval = realClearInterval;
      for (const s of started) realClearInterval(s.handle);
    });

    it('> 0 starts a timer of that many minutes, unref\'d, that takes checkpoints; stop() clears it', async () => {
      const s = service({ checkpointIntervalMinutes: 7 });
      s.start();
      expect(started).to.have.length(1);
      expect(started[0].ms).to.equal(7 * 60_000);
      expect(started[0].handle.hasRef()).to.equal(false);
      // start() again does not start a second timer.
      s.start();
      expect(started).to.have.length(1);

      // The timer firing takes a checkpoint.
      started[0].fn();
      started[0].fn();
      await s.stop();
      expect(cleared).to.include(started[0].handle);
      const listed = await listCheckpoints(checkpointsDir);
      expect(listed.map((c) => c.serial)).to.deep.equal([1, 2]);
    });

    it('a checkpoint the timer takes that fails goes to the logger, not to an unhandled rejection', async () => {
      const alerts: string[] = [];
      const s = service({
        checkpointIntervalMinutes: 1,
        stateStore: { sublevel: () => store.sublevel('x'), participate: () => undefined, commit: async () => undefined, onFault: () => undefined },
        loggerModule: { alert: (level: string, message: string) => alerts.push(`${level} ${message}`) } as never,
      });
      s.start();
      started[0].fn();
      await s.stop();
      await new Promise((r) => setImmediate(r));
      expect(alerts).to.have.length(1);
      expect(alerts[0]).to.match(/^SEVERE checkpoint failed: .*cannot be copied/);
    });

    for (const minutes of [-1, 0]) {
      it(`${minutes} starts no timer`, async () => {
        const s = service({ checkpointIntervalMinutes: minutes });
        s.start();
        expect(started).to.have.length(0);
        await s.stop();
        expect(await listCheckpoints(checkpointsDir)).to.deep.equal([]);
      });
    }
  });

  it('start() and stop() with a real interval neither throw nor leave a timer behind', async () => {
    const s = service({ checkpointIntervalMinutes: 1 });
    s.start();
    await s.stop();
    // Stopped twice is harmless too.
    await s.stop();
    expect(await listCheckpoints(checkpointsDir)).to.deep.equal([]);
  });
});
