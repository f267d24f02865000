import { expect } from 'chai';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../../../test/support/temp-dir.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import { FetchStatus } from '../../model/fetch-status.js';
import type { UriUniqFilter } from '../../model/frontier.js';
import { LevelStateStore } from '../state/level-state-store.js';
import { LevelUriUniqFilter } from '../state/level-uri-uniq-filter.js';
import { MemoryUriUniqFilter } from '../state/memory-uri-uniq-filter.js';
import { LevelFrontier } from './level-frontier.js';
import { levelStore } from '../../../test/support/level-store.js';

type FrontierOverrides = Partial<{ queueTotalBudget: number; maxRetries: number; retryDelaySeconds: number; maxUrisInMemory: number; balanceReplenishAmount: number; errorPenaltyAmount: number }>;

/** One launch: a store, a uniq filter and a frontier over one state folder. */
interface Launch {
  store: LevelStateStore;
  uniq: UriUniqFilter;
  frontier: LevelFrontier;
}

function uri(u: string, init: { precedence?: number; queueKey?: string; schedulingDirective?: number; hopsPath?: string } = {}): CrawlUri {
  const c = new CrawlUri(u, { queueKey: init.queueKey ?? new URL(u).host, precedence: init.precedence, schedulingDirective: init.schedulingDirective, hopsPath: init.hopsPath });
  c.canonicalKey = u;
  return c;
}

/** Finishes a URI for good with `status` (200 unless told). */
function finish(f: LevelFrontier, c: CrawlUri, status = 200): void {
  c.fetchStatus = status;
  f.finished(c);
}

/** Takes every URI in turn with one worker, finishing each with 200; fails the test rather than hang. */
async function drain(f: LevelFrontier, limit = 100_000): Promise<string[]> {
  const got: string[] = [];
  for (let c = await withTimeout(f.next()); c; c = await withTimeout(f.next())) {
    got.push(c.uri);
    if (got.length > limit) throw new Error(`more than ${limit} URIs came out`);
    finish(f, c);
  }
  return got;
}

function withTimeout<T>(p: Promise<T>, ms = 5000): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`next() waited over ${ms} ` +
    `ms`)), ms)))]).finally(() => clearTimeout(timer));
}

/** URIs of one host, in the order given. */
const ofHost = (list: string[], host: string): string[] => list.filter((u) => new URL(u).host === host);

describe(`${LevelFrontier.name} restore`, () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  const open: Launch[] = [];

  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
  });

  afterEach(async () => {
    for (const l of open.splice(0)) {
      l.frontier.stop();
      await l.store.stop().catch(() => undefined);
    }
    await cleanup();
  });

  /** Opens the state folder and starts a frontier on it (restoring whatever it holds). */
  async function launch(o: FrontierOverrides & { levelUniq?: boolean; uniqInMemory?: number } = {}): Promise<Launch> {
    // A long interval: only the commits the test makes (and stop's) happen.
    const store = new LevelStateStore({ dir: join(dir, 'state'), cachePercent: -1, useSharedCache: true, expectedConcurrency: 64, useHardLinkCheckpoints: true, maxOpenFiles: 128, commitIntervalMs: 60000, syncCommits: false });
    await store.start();
    let uniq: UriUniqFilter;
    if (o.levelUniq === false) uniq = new MemoryUriUniqFilter();
    else {
      const level = new LevelUriUniqFilter({ batchSize: 100, maxFingerprintsInMemory: o.uniqInMemory ?? 4000000, spillDir: join(dir, 'scratch'), stateStore: store, loggerModule: undefined });
      await level.start();
      uniq = level;
    }
    const frontier = new LevelFrontier({
      queueTotalBudget: o.queueTotalBudget ?? -1, balanceReplenishAmount: o.balanceReplenishAmount ?? 3000, errorPenaltyAmount: o.errorPenaltyAmount ?? 0,
      retryDelaySeconds: o.retryDelaySeconds ?? 0, maxRetries: o.maxRetries ?? 3, maxOutlinks: 6000,
      extract404s: true, extractIndependently: false, snoozeLongMs: 0, precedenceFloor: 255, queuePrecedencePolicy: undefined, recoveryLogEnabled: true, dumpPendingAtClose: false, recentUrisRemembered: 1_000_000,
      maxUrisInMemory: o.maxUrisInMemory ?? 50000, uriUniqFilter: uniq, stateStore: store,
    });
    await frontier.start();
    const l = { store, uniq, frontier };
    open.push(l);
    return l;
  }

  /**
   * Ends a launch the way a crash would, as far as the frontier knows: its state goes no further
   * than the store's last commit, which `stop` (the store's final commit) stands for; the frontier
   * itself is abandoned, never stopped.
   */
  async function crash(l: Launch, how: 'stop' | 'commit' = 'stop'): Promise<void> {
    if (how === 'commit') await l.store.commit();
    await l.store.stop();
    open.splice(open.indexOf(l), 1);
  }

  it('gives back every queued and in-flight URI exactly once, and no finished one', async () => {
    const first = await launch();
    const f = first.frontier;
    const scheduled: string[] = [];
    for (let i = 0; i < 12; i++) {
      for (const host of ['a.example', 'b.example', 'c.example']) {
        const u = `http://${host}/${i}`;
        f.schedule(uri(u));
        scheduled.push(u);
      }
    }
    // Finished: the first 4 taken; then one of each queue in flight.
    const done: string[] = [];
    for (let i = 0; i < 4; i++) {
      const c = (await f.next())!;
      done.push(c.uri);
      finish(f, c);
    }
    const inFlight: string[] = [];
    for (let i = 0; i < 3; i++) inFlight.push((await f.next())!.uri);
    expect(new Set(inFlight.map((u) => new URL(u).host)).size).to.equal(3);
    expect(f.stats()).to.include({ discovered: 36, queued: 36 - 4 - 3, inProcess: 3, succeeded: 4 });
    await crash(first);

    const second = await launch();
    const g = second.frontier;
    const expected = scheduled.filter((u) => !done.includes(u));
    expect(g.stats()).to.include({ discovered: 36, succeeded: 4, failed: 0, disregarded: 0, queued: expected.length, inProcess: 0 });
    expect(g.stats().queues.total).to.equal(3);
    const got = await drain(g);
    expect(got).to.have.length(expected.length);
    expect([...got].sort()).to.deep.equal([...expected].sort());
    for (const u of inFlight) expect(got).to.include(u);
    for (const u of done) expect(got).to.not.include(u);
    // Within each queue: the in-flight URI first (it was taken first), then the rest in scheduled order.
    for (const host of ['a.example', 'b.example', 'c.example']) expect(ofHost(got, host)).to.deep.equal(ofHost(expected, host));
    expect(g.stats()).to.include({ discovered: 36, succeeded: 36, queued: 0, inProcess: 0 });
  });

  it('does the same when the frontier is abandoned right after a commit (a kill)', async () => {
    const first = await launch({ levelUniq: false });
    const f = first.frontier;
    for (let i = 0; i < 5; i++) f.schedule(uri(`http://a.example/${i}`));
    const done = (await f.next())!;
    finish(f, done);
    const taken = (await f.next())!;
    await crash(first, 'commit');

    const second = await launch({ levelUniq: false });
    expect(second.frontier.stats()).to.include({ discovered: 5, succeeded: 1, queued: 4 });
    expect(await drain(second.frontier)).to.deep.equal([taken.uri, 'http://a.example/2', 'http://a.example/3', 'http://a.example/4']);
  });

  it('keeps deleted URIs deleted and a retired queue retired across a crash', async () => {
    const first = await launch({ maxUrisInMemory: 5 });
    const f = first.frontier;
    for (let i = 0; i < 20; i++) for (const host of ['a.example', 'b.example']) f.schedule(uri(`http://${host}/${i}`));
    expect(await f.deleteUris('a.example', (u) => Number(u.split('/').pop()) >= 10)).to.equal(10);
    expect(f.retireQueue('b.example')).to.equal(true);
    await crash(first, 'commit');

    const second = await launch({ maxUrisInMemory: 5 });
    const g = second.frontier;
    expect(g.stats()).to.include({ queued: 30 });
    expect([...g.queueSummaries()].find((q) => q.key === 'b.example')).to.include({ state: 'retired', size: 20 });
    const got: string[] = [];
    for (let c = await g.next(); c; c = await g.next()) {
      got.push(c.uri);
      finish(g, c);
    }
    expect(got).to.deep.equal(Array.from({ length: 10 }, (_, i) => `http://a.example/${i}`));
  });

  it('a second restore after a clean drain has nothing left', async () => {
    const first = await launch();
    for (let i = 0; i < 5; i++) first.frontier.schedule(uri(`http://a.example/${i}`));
    (await first.frontier.next())!;
    await crash(first);
    const second = await launch();
    expect(await drain(second.frontier)).to.have.length(5);
    second.frontier.stop();
    await crash(second);
    const third = await launch();
    expect(third.frontier.stats()).to.include({ discovered: 5, succeeded: 5, queued: 0 });
    expect(await withTimeout(third.frontier.next())).to.equal(undefined);
  });

  it('keeps the order of never-taken URIs within each queue', async () => {
    const first = await launch();
    const f = first.frontier;
    const scheduled: string[] = [];
    // Interleaved hosts, names that do not sort in scheduled order.
    const names = ['zeta', 'alpha', 'mu', 'beta', 'omega', 'gamma', 'delta', 'kappa'];
    for (const name of names) {
      for (const host of ['x.example', 'y.example']) {
        const u = `http://${host}/${name}`;
        f.schedule(uri(u));
        scheduled.push(u);
      }
    }
    await crash(first);
    const second = await launch();
    const got = await drain(second.frontier);
    for (const host of ['x.example', 'y.example']) expect(ofHost(got, host)).to.deep.equal(ofHost(scheduled, host));
  });

  it('keeps a queue retired by queueTotalBudget retired, with its spending', async () => {
    const first = await launch({ queueTotalBudget: 3 });
    const f = first.frontier;
    for (let i = 0; i < 6; i++) f.schedule(uri(`http://a.example/${i}`));
    for (let i = 0; i < 4; i++) f.schedule(uri(`http://b.example/${i}`));
    // a is served first and keeps its turn: three URIs spend its budget and retire it.
    const order = await (async () => {
      const got: string[] = [];
      for (let i = 0; i < 3; i++) {
        const c = (await f.next())!;
        got.push(c.uri);
        finish(f, c);
      }
      return got;
    })();
    expect(order).to.deep.equal(['http://a.example/0', 'http://a.example/1', 'http://a.example/2']);
    expect(f.stats().queues.retired).to.equal(1);
    // b spends 2 of its 3.
    for (let i = 0; i < 2; i++) finish(f, (await f.next())!);
    await crash(first);

    const second = await launch({ queueTotalBudget: 3 });
    const g = second.frontier;
    expect(g.stats().queues.retired).to.equal(1);
    // Stored: a's 3 left (in a retired queue) and b's 2.
    expect(g.stats()).to.include({ discovered: 10, succeeded: 5, queued: 5 });
    const got = await drain(g);
    // a's remaining URIs are not handed out; b has budget for one more, then it retires too.
    expect(got).to.deep.equal(['http://b.example/2']);
    expect(g.stats().queues.retired).to.equal(2);
    // A URI scheduled into a retired queue stays there.
    g.schedule(uri('http://a.example/new'));
    expect(await withTimeout(g.next())).to.equal(undefined);
  });

  it('stores queue spending and retirement in the qstate sublevel', async () => {
    const first = await launch({ queueTotalBudget: 2, errorPenaltyAmount: 5 });
    const f = first.frontier;
    for (let i = 0; i < 4; i++) f.schedule(uri(`http://a.example/${i}`));
    // A failure costs 1 + errorPenaltyAmount: one is enough to retire the queue.
    finish(f, (await f.next())!, FetchStatus.TIMEOUT);
    await crash(first);
    const store = new LevelStateStore({ dir: join(dir, 'state'), cachePercent: -1, useSharedCache: true, expectedConcurrency: 64, useHardLinkCheckpoints: true, maxOpenFiles: 128, commitIntervalMs: 60000, syncCommits: false });
    await store.start();
    try {
      const [stored, storedUrgent, totalSpent, retired] = JSON.parse((await store.sublevel('qstate').get('a.example'))!) as number[];
      expect({ stored, storedUrgent, totalSpent, retired }).to.deep.equal({ stored: 3, storedUrgent: 0, totalSpent: 6, retired: 1 });
      const totals = JSON.parse((await store.sublevel('frontier').get('totals'))!) as { discovered: number; failed: number; seq: number };
      expect(totals).to.include({ discovered: 4, failed: 1, seq: 4 });
    } finally {
      await store.stop();
    }
  });

  it('carries spending over: a queue with budget left retires after what remains of it', async () => {
    const first = await launch({ queueTotalBudget: 4 });
    const f = first.frontier;
    for (let i = 0; i < 8; i++) f.schedule(uri(`http://a.example/${i}`));
    for (let i = 0; i < 3; i++) finish(f, (await f.next())!);
    await crash(first);
    const second = await launch({ queueTotalBudget: 4 });
    expect(second.frontier.stats().queues.retired).to.equal(0);
    expect(await drain(second.frontier)).to.deep.equal(['http://a.example/3']);
    expect(second.frontier.stats().queues.retired).to.equal(1);
  });

  it('gives back urgent URIs (prerequisites, hop P) before the ordinary ones of their queue, in the order found', async () => {
    const first = await launch();
    const f = first.frontier;
    // Ordinary ones that rank first (HIGHEST, precedence 0) still come after the prerequisites.
    for (let i = 0; i < 3; i++) f.schedule(uri(`http://a.example/${i}`, { precedence: 0, schedulingDirective: 0 }));
    f.schedule(uri('http://a.example/robots.txt', { hopsPath: 'P' }));
    f.schedule(uri('http://b.example/0'));
    f.schedule(uri('dns:a.example', { queueKey: 'a.example', hopsPath: 'P', precedence: 5 }));
    await crash(first);

    const second = await launch();
    expect(second.frontier.stats().queued).to.equal(6);
    const got = await drain(second.frontier);
    expect(ofHost(got.filter((u) => !u.startsWith('dns:')), 'b.example')).to.deep.equal(['http://b.example/0']);
    const a = got.filter((u) => u.startsWith('dns:') || new URL(u).host === 'a.example');
    expect(a).to.deep.equal(['http://a.example/robots.txt', 'dns:a.example', 'http://a.example/0', 'http://a.example/1', 'http://a.example/2']);
  });

  it('gives back an urgent URI that was in flight, before the ordinary ones', async () => {
    const first = await launch();
    const f = first.frontier;
    f.schedule(uri('http://a.example/0'));
    f.schedule(uri('http://a.example/1'));
    f.schedule(uri('http://a.example/robots.txt', { hopsPath: 'P' }));
    const taken = (await f.next())!;
    expect(taken.uri).to.equal('http://a.example/robots.txt');
    await crash(first);
    const second = await launch();
    expect(await drain(second.frontier)).to.deep.equal(['http://a.example/robots.txt', 'http://a.example/0', 'http://a.example/1']);
  });

  it('with a small maxUrisInMemory, gives back every spilled URI once', async () => {
    const first = await launch({ maxUrisInMemory: 10 });
    const f = first.frontier;
    const hosts = ['a.example', 'b.example', 'c.example', 'd.example'];
    const scheduled: string[] = [];
    for (let i = 0; i < 400; i++) {
      const u = `http://${hosts[i % 7 % 4]}/${i}`;
      f.schedule(uri(u));
      scheduled.push(u);
    }
    const done: string[] = [];
    for (let i = 0; i < 150; i++) {
      const c = (await f.next())!;
      done.push(c.uri);
      finish(f, c);
      if (i === 70) {
        // More while some are spilled and some read back.
        for (let j = 400; j < 450; j++) {
          const u = `http://${hosts[j % 4]}/${j}`;
          f.schedule(uri(u));
          scheduled.push(u);
        }
      }
    }
    const inFlight: string[] = [];
    for (let i = 0; i < 2; i++) inFlight.push((await f.next())!.uri);
    await crash(first);

    const second = await launch({ maxUrisInMemory: 10 });
    const expected = scheduled.filter((u) => !done.includes(u));
    expect(second.frontier.stats()).to.include({ discovered: 450, succeeded: 150, queued: expected.length });
    const got = await drain(second.frontier);
    expect(got).to.have.length(expected.length);
    expect(new Set(got).size).to.equal(got.length);
    expect([...got].sort()).to.deep.equal([...expected].sort());
    for (const u of inFlight) expect(got).to.include(u);
    for (const host of hosts) expect(ofHost(got, host)).to.deep.equal(ofHost(expected, host));
  });

  it('restores spilled URIs into a frontier with a small allowance, schedules more, and hands out each once', async () => {
    const first = await launch({ maxUrisInMemory: 5 });
    const scheduled: string[] = [];
    for (let i = 0; i < 120; i++) {
      const u = `http://${i % 2 ? 'a' : 'b'}.example/${i}`;
      first.frontier.schedule(uri(u));
      scheduled.push(u);
    }
    await crash(first);
    const second = await launch({ maxUrisInMemory: 5 });
    const g = second.frontier;
    const got: string[] = [];
    for (let i = 0; i < 30; i++) {
      const c = (await withTimeout(g.next()))!;
      got.push(c.uri);
      finish(g, c);
    }
    for (let i = 120; i < 200; i++) {
      const u = `http://${i % 2 ? 'a' : 'b'}.example/${i}`;
      g.schedule(uri(u));
      scheduled.push(u);
    }
    got.push(...(await drain(g)));
    expect(got).to.have.length(200);
    expect(new Set(got).size).to.equal(200);
    for (const host of ['a.example', 'b.example']) expect(ofHost(got, host)).to.deep.equal(ofHost(scheduled, host));
  });

  it('keeps a retried URI\'s stored record, with its tries counted', async () => {
    const first = await launch({ maxRetries: 5, retryDelaySeconds: 0 });
    const f = first.frontier;
    f.schedule(uri('http://a.example/flaky'));
    f.schedule(uri('http://a.example/next'));
    const c = (await f.next())!;
    c.fetchStatus = FetchStatus.CONNECT_FAILED;
    expect(f.finished(c)).to.equal('retry');
    const again = (await f.next())!;
    expect(again.uri).to.equal('http://a.example/flaky');
    expect(again.fetchAttempts).to.equal(1);
    again.fetchStatus = FetchStatus.CONNECT_FAILED;
    expect(f.finished(again)).to.equal('retry');
    expect(f.stats()).to.include({ queued: 2, failed: 0 });
    await crash(first);

    const second = await launch({ maxRetries: 5, retryDelaySeconds: 0 });
    const g = second.frontier;
    expect(g.stats()).to.include({ discovered: 2, queued: 2, failed: 0 });
    let back = (await withTimeout(g.next()))!;
    expect(back.uri).to.equal('http://a.example/flaky');
    expect(back.fetchAttempts).to.equal(2);
    // Its tries go on counting: maxRetries 5 allows three more.
    for (let i = 0; i < 3; i++) {
      back.fetchStatus = FetchStatus.CONNECT_FAILED;
      expect(g.finished(back)).to.equal('retry');
      back = (await withTimeout(g.next()))!;
      expect(back.uri).to.equal('http://a.example/flaky');
    }
    expect(back.fetchAttempts).to.equal(5);
    back.fetchStatus = FetchStatus.CONNECT_FAILED;
    expect(g.finished(back)).to.equal('failure');
    expect(await drain(g)).to.deep.equal(['http://a.example/next']);
    expect(g.stats()).to.include({ failed: 1, succeeded: 1, queued: 0 });
  });

  it('keeps a queue\'s wait across a restart: a retry still waits out retryDelaySeconds', async () => {
    const first = await launch({ maxRetries: 5, retryDelaySeconds: 1 });
    const f = first.frontier;
    f.schedule(uri('http://a.example/flaky'));
    const c = (await f.next())!;
    c.fetchStatus = FetchStatus.CONNECT_FAILED;
    c.annotations.push('err:ECONNREFUSED');
    const failedAt = Date.now();
    expect(f.finished(c)).to.equal('retry');
    const waitBefore = f.stats().queues.retryWaits;
    expect(waitBefore).to.have.length(1);
    await crash(first);

    const second = await launch({ maxRetries: 5, retryDelaySeconds: 1 });
    const g = second.frontier;
    // It waits to retry, and says why, as before the restart (not a politeness delay).
    expect(g.stats().queues).to.include({ ready: 0, snoozed: 1, retrying: 1 });
    expect(g.stats().queues.retryWaits).to.deep.equal(waitBefore);
    expect(waitBefore![0]).to.include({
      uri: 'http://a.example/flaky', status: -2, error: 'no connection could be made: connection refused (ECONNREFUSED)', nextTry: 2, maxTries: 6,
    });
    const back = (await withTimeout(g.next()))!;
    expect(back.uri).to.equal('http://a.example/flaky');
    expect(Date.now() - failedAt).to.be.at.least(990);
    expect(back.fetchAttempts).to.equal(1);
  });

  it('does not keep a wait that ended before the restart', async () => {
    const first = await launch({ maxRetries: 5, retryDelaySeconds: 0 });
    first.frontier.schedule(uri('http://a.example/x'));
    first.frontier.schedule(uri('http://a.example/y'));
    const c = (await first.frontier.next())!;
    finish(first.frontier, c);
    await crash(first);
    const second = await launch();
    expect(second.frontier.stats().queues).to.include({ ready: 1, snoozed: 0 });
    expect(await drain(second.frontier)).to.deep.equal(['http://a.example/y']);
  });

  it('keeps a queue in order of scheduling directive, precedence and order found across spills and a restart', async () => {
    // The journal key carries the directive and the precedence before the sequence (Heritrix's BdbWorkQueue key),
    // so a restored queue reads back in the same order as the one in memory would have given.
    const waiting: Array<{ u: string; rank: number; seq: number }> = [];
    let seq = 0;
    const add = (f: LevelFrontier, u: string, precedence: number, schedulingDirective: number): void => {
      f.schedule(uri(u, { precedence, schedulingDirective }));
      waiting.push({ u, rank: schedulingDirective * 128 + precedence, seq: seq++ });
    };
    const next = (n: number): string[] => waiting.sort((a, b) => a.rank - b.rank || a.seq - b.seq).splice(0, n).map((w) => w.u);

    const first = await launch({ maxUrisInMemory: 3 });
    for (let i = 0; i < 20; i++) add(first.frontier, `http://a.example/${i}`, [4, 1, 2, 3][i % 4], i % 6 === 0 ? 2 : 3);
    const got: string[] = [];
    const want: string[] = [];
    for (let i = 0; i < 6; i++) {
      const c = (await withTimeout(first.frontier.next()))!;
      got.push(c.uri);
      finish(first.frontier, c);
    }
    want.push(...next(6));
    // Found after some were taken: ahead of most of what waits (precedence 0), and a HIGH one ahead of everything.
    add(first.frontier, 'http://a.example/late-p0', 0, 3);
    add(first.frontier, 'http://a.example/late-high', 5, 1);
    // One more is in flight when the launch ends: it comes back in its place.
    const inFlight = (await withTimeout(first.frontier.next()))!;
    expect(inFlight.uri).to.equal(next(1)[0]);
    waiting.push({ u: inFlight.uri, rank: -1, seq: -1 });
    await crash(first);

    const second = await launch({ maxUrisInMemory: 3 });
    got.push(...(await drain(second.frontier)));
    want.push(...next(Infinity));
    expect(got).to.deep.equal(want);
    expect(got).to.have.length(22);
  });

  it('keeps queue precedences and success counts across a restart', async () => {
    const first = await launch();
    first.frontier.schedule(uri('http://a.example/1'));
    first.frontier.schedule(uri('http://a.example/2'));
    finish(first.frontier, (await withTimeout(first.frontier.next()))!);
    await crash(first, 'commit');
    const second = await launch();
    const [q] = [...second.frontier.queueSummaries()];
    expect(q).to.deep.include({ key: 'a.example', precedence: 3, size: 1 });
  });

  it('restores a store that never saw a frontier as an empty frontier', async () => {
    // The folder exists and holds other state, but nothing of a frontier.
    const store = new LevelStateStore({ dir: join(dir, 'state'), cachePercent: -1, useSharedCache: true, expectedConcurrency: 64, useHardLinkCheckpoints: true, maxOpenFiles: 128, commitIntervalMs: 60000, syncCommits: false });
    await store.start();
    store.sublevel('stats').put('x', '1');
    await store.stop();

    const l = await launch();
    expect(l.frontier.stats()).to.deep.equal({ discovered: 0, queued: 0, inProcess: 0, succeeded: 0, failed: 0, disregarded: 0, ineligibleUris: 0,
      queues: { total: 0, ready: 0, snoozed: 0, retired: 0, inactive: 0, ineligible: 0, waitingByPrecedence: [], retrying: 0, nextRetryAt: undefined },
    });
    expect(await withTimeout(l.frontier.next())).to.equal(undefined);
  });

  it('restores a brand-new state folder as an empty frontier', async () => {
    const l = await launch();
    expect(l.frontier.stats()).to.include({ discovered: 0, queued: 0 });
    expect(await withTimeout(l.frontier.next())).to.equal(undefined);
  });

  it('never reuses a key: URIs scheduled after a restore do not overwrite stored ones', async () => {
    const first = await launch();
    const before: string[] = [];
    for (let i = 0; i < 10; i++) {
      const u = `http://a.example/old${i}`;
      first.frontier.schedule(uri(u));
      before.push(u);
    }
    // Two finished: they leave the journal, but their keys must not come back either.
    finish(first.frontier, (await first.frontier.next())!);
    finish(first.frontier, (await first.frontier.next())!);
    await crash(first);

    const second = await launch();
    const after: string[] = [];
    for (let i = 0; i < 10; i++) {
      const u = `http://a.example/new${i}`;
      second.frontier.schedule(uri(u));
      after.push(u);
    }
    // Committed, then restored again, before anything is taken: new and old are both on disk only.
    await crash(second);
    const third = await launch();
    expect(third.frontier.stats().queued).to.equal(18);
    const got = await drain(third.frontier);
    expect(got).to.deep.equal([...before.slice(2), ...after]);
  });

  it('never reuses a key across several launches, with spills', async () => {
    const sent: string[] = [];
    let n = 0;
    for (let round = 0; round < 3; round++) {
      const l = await launch({ maxUrisInMemory: 4 });
      for (let i = 0; i < 15; i++) {
        const u = `http://a.example/${n++}`;
        l.frontier.schedule(uri(u));
        sent.push(u);
      }
      await crash(l);
    }
    const last = await launch({ maxUrisInMemory: 4 });
    expect(last.frontier.stats()).to.include({ discovered: 45, queued: 45 });
    expect(await drain(last.frontier)).to.deep.equal(sent);
  });

  it('loses only what came after the last commit: finished URIs come back, URIs scheduled since are gone', async () => {
    const first = await launch();
    const f = first.frontier;
    for (let i = 0; i < 6; i++) f.schedule(uri(`http://a.example/${i}`));
    finish(f, (await f.next())!);
    // The state as it stands at this commit is what a kill would leave (copied at one instant).
    const killedAt = join(dir, 'killed');
    await first.store.copyTo(killedAt);
    // Work after the commit, never committed in the copy.
    finish(f, (await f.next())!);
    finish(f, (await f.next())!);
    f.schedule(uri('http://a.example/late'));
    f.schedule(uri('http://b.example/late'));
    await crash(first);

    const store = levelStore(killedAt);
    await store.start();
    const uniq = new LevelUriUniqFilter({ batchSize: 100, maxFingerprintsInMemory: 4000000, spillDir: '', stateStore: store, loggerModule: undefined });
    await uniq.start();
    const g = new LevelFrontier({
      queueTotalBudget: -1, balanceReplenishAmount: 3000, errorPenaltyAmount: 0, retryDelaySeconds: 0, maxRetries: 3, maxOutlinks: 6000,
      extract404s: true, extractIndependently: false, snoozeLongMs: 0, precedenceFloor: 255, queuePrecedencePolicy: undefined, recoveryLogEnabled: true, dumpPendingAtClose: false, recentUrisRemembered: 1_000_000,
      maxUrisInMemory: 50000, uriUniqFilter: uniq, stateStore: store,
    });
    await g.start();
    open.push({ store, uniq, frontier: g });
    expect(g.stats()).to.include({ discovered: 6, succeeded: 1, queued: 5 });
    // The late ones were never recorded as seen either: they can be scheduled again.
    g.schedule(uri('http://a.example/late'));
    g.schedule(uri('http://a.example/0'));
    expect(g.stats()).to.include({ discovered: 7, queued: 6 });
    const got = await drain(g);
    expect(ofHost(got, 'a.example')).to.deep.equal(['http://a.example/1', 'http://a.example/2', 'http://a.example/3', 'http://a.example/4', 'http://a.example/5', 'http://a.example/late']);
    expect(ofHost(got, 'b.example')).to.deep.equal([]);
  });

  it('survives a crash after a restored launch made some progress (spills included)', async () => {
    const hosts = ['a.example', 'b.example', 'c.example'];
    const scheduled: string[] = [];
    const done = new Set<string>();
    const first = await launch({ maxUrisInMemory: 8 });
    for (let i = 0; i < 240; i++) {
      const u = `http://${hosts[i % 3]}/${i}`;
      first.frontier.schedule(uri(u));
      scheduled.push(u);
    }
    for (let i = 0; i < 40; i++) {
      const c = (await first.frontier.next())!;
      done.add(c.uri);
      finish(first.frontier, c);
    }
    (await first.frontier.next())!;
    await crash(first);

    const second = await launch({ maxUrisInMemory: 8 });
    for (let i = 0; i < 70; i++) {
      const c = (await withTimeout(second.frontier.next()))!;
      expect(done.has(c.uri), `${c.uri} handed out again`).to.equal(false);
      done.add(c.uri);
      finish(second.frontier, c);
      if (i === 30) {
        for (let j = 240; j < 270; j++) {
          const u = `http://${hosts[j % 3]}/${j}`;
          second.frontier.schedule(uri(u));
          scheduled.push(u);
        }
      }
    }
    const inFlight = (await second.frontier.next())!;
    expect(done.has(inFlight.uri)).to.equal(false);
    await crash(second);

    const third = await launch({ maxUrisInMemory: 8 });
    const expected = scheduled.filter((u) => !done.has(u));
    expect(third.frontier.stats()).to.include({ discovered: 270, succeeded: 110, queued: expected.length });
    const got = await drain(third.frontier);
    expect(new Set(got).size).to.equal(got.length);
    expect([...got].sort()).to.deep.equal([...expected].sort());
    expect(got).to.include(inFlight.uri);
    for (const host of hosts) expect(ofHost(got, host)).to.deep.equal(ofHost(expected, host));
  });

  it('hands restored spilled URIs to several workers at once, none twice', async () => {
    const first = await launch({ maxUrisInMemory: 6 });
    const scheduled: string[] = [];
    for (let i = 0; i < 300; i++) {
      const u = `http://h${i % 5}.example/${i}`;
      first.frontier.schedule(uri(u));
      scheduled.push(u);
    }
    await crash(first);
    const second = await launch({ maxUrisInMemory: 6 });
    const g = second.frontier;
    const got: string[] = [];
    const busy = new Set<string>();
    const worker = async (): Promise<void> => {
      for (let c = await withTimeout(g.next()); c; c = await withTimeout(g.next())) {
        expect(busy.has(c.queueKey), `two URIs of ${c.queueKey} at once`).to.equal(false);
        busy.add(c.queueKey);
        got.push(c.uri);
        await new Promise((r) => setImmediate(r));
        busy.delete(c.queueKey);
        finish(g, c);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(got).to.have.length(300);
    expect(new Set(got).size).to.equal(300);
    for (let h = 0; h < 5; h++) expect(ofHost(got, `h${h}.example`)).to.deep.equal(ofHost(scheduled, `h${h}.example`));
  });

  it('the uniq filter remembers URIs across the restore (LevelUriUniqFilter)', async () => {
    const first = await launch();
    first.frontier.schedule(uri('http://a.example/0'));
    finish(first.frontier, (await first.frontier.next())!);
    first.frontier.schedule(uri('http://a.example/1'));
    await crash(first);
    const second = await launch();
    second.frontier.schedule(uri('http://a.example/0'));
    second.frontier.schedule(uri('http://a.example/1'));
    second.frontier.schedule(uri('http://a.example/2'));
    expect(second.frontier.stats()).to.include({ discovered: 3, queued: 2 });
    expect(await drain(second.frontier)).to.deep.equal(['http://a.example/1', 'http://a.example/2']);
  });

  it('the uniq filter remembers URIs across the restore with most of them in its spill file, the file a crash left removed', async () => {
    const keys = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `http://h${(from + i) % 7}.example/${from + i}`);
    /** Schedules every URI, awaiting the ones whose answer needs a read of the spill file; how many had to. */
    const scheduleAll = async (f: LevelFrontier, uris: string[]) => {
      let read = 0;
      for (const u of uris) {
        const r = f.schedule(uri(u));
        if (r) (read++, await r);
        // Turns of the event loop, as in a crawl: moves to the spill file go on.
        if (read % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      return read;
    };
    const first = await launch({ uniqInMemory: 50 });
    await scheduleAll(first.frontier, keys(0, 2000));
    await (first.uniq as LevelUriUniqFilter).settled();
    expect(first.frontier.stats()).to.include({ discovered: 2000, queued: 2000 });
    const spillFiles = async () => (await readdir(join(dir, 'scratch'))).filter((f) => f.endsWith('.fps'));
    expect(await spillFiles()).to.have.length(1);
    // Found again, in memory or in the file: none is queued twice, and some needed a read.
    expect(await scheduleAll(first.frontier, keys(0, 2000))).to.be.greaterThan(0);
    expect(first.frontier.stats()).to.include({ queued: 2000 });
    const left = await spillFiles();
    await crash(first);
    const second = await launch({ uniqInMemory: 50 });
    // The crashed filter's file went at start; the members came back from the state store, most into a file of its own.
    await (second.uniq as LevelUriUniqFilter).settled();
    const now = await spillFiles();
    expect(now).to.have.length(1);
    expect(now).to.not.include(left[0]);
    await scheduleAll(second.frontier, keys(1500, 2500));
    expect(second.frontier.stats()).to.include({ queued: 2500 });
    expect(second.uniq.count).to.equal(2500);
    await (second.uniq as LevelUriUniqFilter).stop();
    expect(await spillFiles()).to.deep.equal([]);
  });
});
