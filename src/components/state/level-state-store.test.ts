import { expect } from 'chai';
import { join } from 'node:path';
import { tempDir } from '../../../test/support/temp-dir.js';
import { until } from '../../../test/support/until.js';
import type { StateParticipant } from '../../model/state-store.js';
import { LevelStateStore } from './level-state-store.js';
import { FORMAT_KEY, META_SUBLEVEL, STATE_FORMAT } from './state-format.js';
import { dumpLevel, levelStore } from '../../../test/support/level-store.js';

/** A promise with its resolve and reject in hand. */
function deferred<T = void>(): { promise: Promise<T>; resolve(value: T): void; reject(error: Error): void } {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** An error like the one a full disk gives. */
function enospc(): NodeJS.ErrnoException {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
}


describe(LevelStateStore.name, () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let store: LevelStateStore;

  // A long interval: only the commits a test makes happen.
  const open = (at: string): LevelStateStore =>
    levelStore(at);

  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
    store = open(join(dir, 'state'));
    await store.start();
  });

  afterEach(async () => {
    await store.stop().catch(() => undefined);
    await cleanup();
  });

  it('stamps a new database with the state format', async () => {
    const stamp = JSON.parse((await store.sublevel(META_SUBLEVEL).get(FORMAT_KEY))!) as { format: number; createdBy: string };
    expect(stamp.format).to.equal(STATE_FORMAT);
    expect(stamp.createdBy).to.be.a('string').and.not.equal('');
  });

  it('keeps staged puts and dels out of get and range until commit, and shows them after', async () => {
    const q = store.sublevel('queue');
    q.put('a', '1');
    q.put('b', '2');
    q.put('c', '3');
    expect(await q.get('a')).to.equal(undefined);
    expect(await q.range('', '\uffff')).to.deep.equal([]);
    await store.commit();
    expect(await q.get('a')).to.equal('1');
    expect(await q.range('', '\uffff')).to.deep.equal([['a', '1'], ['b', '2'], ['c', '3']]);

    q.del('b');
    q.put('a', 'one');
    q.put('d', '4');
    expect(await q.get('b')).to.equal('2');
    expect(await q.get('a')).to.equal('1');
    expect(await q.range('', '\uffff')).to.deep.equal([['a', '1'], ['b', '2'], ['c', '3']]);
    await store.commit();
    expect(await q.get('b')).to.equal(undefined);
    expect(await q.range('', '\uffff')).to.deep.equal([['a', 'one'], ['c', '3'], ['d', '4']]);
  });

  it('applies the staged changes of one commit in the order they were staged', async () => {
    const q = store.sublevel('queue');
    q.put('k', '1');
    q.del('k');
    q.put('j', '1');
    q.put('j', '2');
    await store.commit();
    expect(await q.get('k')).to.equal(undefined);
    expect(await q.get('j')).to.equal('2');
  });

  it('reads ranges in key order, within [gte, lt), up to limit, each sublevel apart from the others', async () => {
    const a = store.sublevel('a');
    const b = store.sublevel('b');
    for (const k of ['k3', 'k1', 'k5', 'k2', 'k4']) a.put(k, `a-${k}`);
    b.put('k1', 'b-k1');
    await store.commit();
    expect(await a.range('k2', 'k5')).to.deep.equal([['k2', 'a-k2'], ['k3', 'a-k3'], ['k4', 'a-k4']]);
    expect(await a.range('k1', 'k9', 2)).to.deep.equal([['k1', 'a-k1'], ['k2', 'a-k2']]);
    expect(await b.range('', '\uffff')).to.deep.equal([['k1', 'b-k1']]);
    expect(await b.get('k2')).to.equal(undefined);
  });

  it('keeps committed data across stop and start, and commits what is staged when it stops', async () => {
    const q = store.sublevel('queue');
    q.put('committed', 'yes');
    await store.commit();
    q.put('staged', 'at stop');
    await store.stop();

    store = open(join(dir, 'state'));
    await store.start();
    const again = store.sublevel('queue');
    expect(await again.get('committed')).to.equal('yes');
    expect(await again.get('staged')).to.equal('at stop');
    expect(await again.range('', '\uffff')).to.deep.equal([['committed', 'yes'], ['staged', 'at stop']]);
  });

  it('has each participant stage at the commit instant, awaits every flushed(), and only then writes the batch', async () => {
    const q = store.sublevel('queue');
    const events: string[] = [];
    const flush = deferred();
    let counter = 0;
    store.participate({
      stage: () => {
        events.push('stage 1');
        q.put('counter', String(counter));
      },
      flushed: () => {
        events.push('flushed 1');
        return flush.promise;
      },
    });
    store.participate({
      stage: () => {
        events.push('stage 2');
        store.sublevel('other').put('x', 'y');
      },
      flushed: async () => void events.push('flushed 2'),
    });
    expect(events).to.deep.equal([]);

    counter = 1;
    const committed = store.commit();
    let done = false;
    void committed.then(() => (done = true));
    // Staging happens when the commit is taken, not when commit() is called.
    counter = 2;
    await until(() => events.length === 4, 'the commit to be taken');
    expect(events).to.deep.equal(['stage 1', 'stage 2', 'flushed 1', 'flushed 2']);
    // flushed() has not resolved: nothing of the commit is written yet.
    expect(done).to.equal(false);
    expect(await q.get('counter')).to.equal(undefined);
    expect(await store.sublevel('other').get('x')).to.equal(undefined);

    counter = 3;
    flush.resolve();
    await committed;
    // The value staged at the commit instant, not the one current when flushed() resolved.
    expect(await q.get('counter')).to.equal('2');
    expect(await store.sublevel('other').get('x')).to.equal('y');
  });

  it('fails a commit whose participant cannot flush, tells onFault, loses nothing, and tells onFault once when commits work again', async () => {
    const q = store.sublevel('queue');
    const heard: Array<Error | undefined> = [];
    store.onFault((e) => heard.push(e));
    let diskFull = true;
    let stages = 0;
    const participant: StateParticipant = {
      stage: () => void q.put(`stage-${++stages}`, 'x'),
      flushed: async () => {
        if (diskFull) throw enospc();
      },
    };
    store.participate(participant);

    q.put('first', '1');
    q.put('overwritten', 'old');
    let failure: unknown;
    await store.commit().catch((e: unknown) => (failure = e));
    expect(failure).to.be.instanceOf(Error);
    expect((failure as NodeJS.ErrnoException).code).to.equal('ENOSPC');
    expect(heard).to.have.length(1);
    expect(heard[0]).to.equal(failure);
    expect(await q.get('first')).to.equal(undefined);

    // Still full: a second failure, heard too; staged changes pile up.
    q.put('second', '2');
    q.put('overwritten', 'new');
    q.del('first-gone');
    await store.commit().then(
      () => expect.fail('the commit should have failed'),
      (e: NodeJS.ErrnoException) => expect(e.code).to.equal('ENOSPC'),
    );
    expect(heard).to.have.length(2);
    expect(heard[1]).to.be.instanceOf(Error);
    expect(await q.range('', '\uffff')).to.deep.equal([]);

    diskFull = false;
    q.put('third', '3');
    await store.commit();
    expect(await q.range('', '\uffff')).to.deep.equal([
      ['first', '1'],
      ['overwritten', 'new'],
      ['second', '2'],
      ['stage-1', 'x'],
      ['stage-2', 'x'],
      ['stage-3', 'x'],
      ['third', '3'],
    ]);
    expect(heard).to.have.length(3);
    expect(heard[2]).to.equal(undefined);

    // Recovered: later commits are not news.
    q.put('fourth', '4');
    await store.commit();
    expect(await q.get('fourth')).to.equal('4');
    expect(heard).to.have.length(3);
  });

  it('turns a non-Error rejection of flushed() into an Error for commit() and onFault', async () => {
    const heard: Array<Error | undefined> = [];
    store.onFault((e) => heard.push(e));
    let fail = true;
    store.participate({ stage: () => undefined, flushed: () => (fail ? Promise.reject('EIO on the WARC file') : Promise.resolve()) });
    store.sublevel('q').put('k', 'v');
    const error = await store.commit().then(() => undefined, (e: unknown) => e);
    expect(error).to.be.instanceOf(Error);
    expect((error as Error).message).to.contain('EIO on the WARC file');
    expect(heard[0]).to.equal(error);
    fail = false;
    await store.commit();
    expect(await store.sublevel('q').get('k')).to.equal('v');
    expect(heard).to.deep.equal([error, undefined]);
  });

  it('writes a put staged while a commit is in flight with a later commit, which every commit() called after the put waits for', async () => {
    const q = store.sublevel('queue');
    const staged = deferred();
    let flush = deferred();
    let stages = 0;
    store.participate({
      stage: () => {
        stages++;
        staged.resolve();
      },
      flushed: () => flush.promise,
    });

    q.put('before', '1');
    const first = store.commit();
    // Calls made before the commit is taken share it.
    expect(store.commit()).to.equal(first);
    await staged.promise;
    // The first commit has been taken (staged) and waits on flushed(): this put is not in it.
    q.put('during', '2');
    const second = store.commit();
    const third = store.commit();
    expect(second).to.not.equal(first);
    expect(third).to.equal(second);
    let secondDone = false;
    void second.then(() => (secondDone = true));

    const firstFlush = flush;
    flush = deferred();
    firstFlush.resolve();
    await first;
    expect(await q.get('before')).to.equal('1');
    expect(await q.get('during')).to.equal(undefined);
    // The second commit is taken in turn, and waits on its own flushed().
    await until(() => stages === 2, 'the second commit to be taken');
    expect(secondDone).to.equal(false);

    flush.resolve();
    await third;
    expect(await q.get('during')).to.equal('2');
    expect(stages).to.equal(2);
  });

  it('serializes many concurrent commits: each await commit() sees every put staged before the call', async () => {
    const q = store.sublevel('queue');
    let stages = 0;
    store.participate({ stage: () => void stages++, flushed: () => new Promise((resolve) => setTimeout(resolve, 2)) });
    const checks: Array<Promise<void>> = [];
    for (let i = 0; i < 40; i++) {
      q.put(`k${String(i).padStart(2, '0')}`, String(i));
      const mine = i;
      checks.push(
        store.commit().then(async () => {
          for (let j = 0; j <= mine; j++) expect(await q.get(`k${String(j).padStart(2, '0')}`), `k${j} after commit ${mine}`).to.equal(String(j));
        }),
      );
      // Now and then one commit is awaited, so that later puts meet commits in every phase.
      if (i % 7 === 0) await checks[i];
    }
    await Promise.all(checks);
    expect((await q.range('', '\uffff')).length).to.equal(40);
    // Calls that came while one was being written shared the next: far fewer commits than calls.
    expect(stages).to.be.at.least(1).and.below(40);
  });

  it('copies the committed store into a new database that a LevelStateStore can open', async () => {
    const queue = store.sublevel('queue');
    const uniq = store.sublevel('uniq');
    for (let i = 0; i < 5000; i++) queue.put(`q${String(i).padStart(5, '0')}`, `uri-${i}`);
    uniq.put('http://a.example/', '1');
    uniq.put('http://b.example/', '1');
    await store.commit();
    queue.del('q00000');
    // Staged, not yet committed: copyTo commits first.
    uniq.put('http://c.example/', '1');

    const copyDir = join(dir, 'checkpoint-1');
    const rows = await store.copyTo(copyDir);

    const copied = await dumpLevel(copyDir);
    expect(rows).to.equal(copied.length);
    // The source, as it stands now, holds exactly what was copied.
    await store.stop();
    expect(await dumpLevel(join(dir, 'state'))).to.deep.equal(copied);
    expect(copied.length).to.equal(4999 + 3 + 1);
    expect(copied.map(([k]) => k)).to.include(`!${META_SUBLEVEL}!${FORMAT_KEY}`);

    const fromCopy = open(copyDir);
    await fromCopy.start();
    try {
      expect(await fromCopy.sublevel('queue').get('q00000')).to.equal(undefined);
      expect(await fromCopy.sublevel('queue').get('q04999')).to.equal('uri-4999');
      expect((await fromCopy.sublevel('queue').range('', '\uffff')).length).to.equal(4999);
      expect(await fromCopy.sublevel('uniq').range('', '\uffff')).to.deep.equal([
        ['http://a.example/', '1'],
        ['http://b.example/', '1'],
        ['http://c.example/', '1'],
      ]);
      expect(JSON.parse((await fromCopy.sublevel(META_SUBLEVEL).get(FORMAT_KEY))!).format).to.equal(STATE_FORMAT);
    } finally {
      await fromCopy.stop();
    }
  });

  it('refuses to copy over an existing database', async () => {
    const copyDir = join(dir, 'checkpoint-1');
    await store.copyTo(copyDir);
    let error: unknown;
    await store.copyTo(copyDir).catch((e: unknown) => (error = e));
    expect(error).to.be.instanceOf(Error);
  });

  it('copies the store as it stood at one instant while commits go on during the copy', async () => {
    const KEYS = 12000;
    const data = store.sublevel('data');
    const gen = store.sublevel('gen');
    const write = (g: number): void => {
      // One generation: every key rewritten, a marker added, and the previous one's removed.
      for (let i = 0; i < KEYS; i++) data.put(`k${String(i).padStart(5, '0')}`, `g${g}`);
      gen.put('current', String(g));
      gen.put(`marker-${g}`, 'x');
      if (g > 0) gen.del(`marker-${g - 1}`);
    };
    write(0);
    await store.commit();

    const copyDir = join(dir, 'checkpoint-1');
    let copying = true;
    const copy = store.copyTo(copyDir).finally(() => (copying = false));
    let g = 0;
    let commitsDuringCopy = 0;
    while (copying) {
      write(++g);
      await store.commit();
      if (copying) commitsDuringCopy++;
    }
    const rows = await copy;
    expect(commitsDuringCopy, 'commits made while the copy ran').to.be.at.least(2);

    const copied = await dumpLevel(copyDir);
    expect(rows).to.equal(copied.length);
    const dataRows = copied.filter(([k]) => k.startsWith('!data!'));
    expect(dataRows).to.have.length(KEYS);
    const genRows = new Map(copied.filter(([k]) => k.startsWith('!gen!')).map(([k, v]) => [k.slice('!gen!'.length), v]));
    const at = Number(genRows.get('current'));
    // copyTo's own commit took in generation 1; the last generation was committed while the copy was being read.
    expect(at).to.be.at.least(1).and.below(g);
    // Every value of one and the same generation: nothing from before or after the instant.
    expect(new Set(dataRows.map(([, v]) => v))).to.deep.equal(new Set([`g${at}`]));
    expect([...genRows.keys()].sort()).to.deep.equal(['current', `marker-${at}`]);
    expect(copied.length).to.equal(KEYS + 2 + 1);
  });
});
