import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CrawlUri } from '../../model/crawl-uri.js';
import { LevelStateStore } from '../state/level-state-store.js';
import { MemoryUriUniqFilter } from '../state/memory-uri-uniq-filter.js';
import { LevelFrontier } from './level-frontier.js';
import { levelStore } from '../../../test/support/level-store.js';
import { until } from '../../../test/support/until.js';


/** Schedules `n` URIs, the i-th on the host hostOf(i) (one queue a host); returns them in order. */
function scheduleMany(f: LevelFrontier, n: number, hostOf: (i: number) => string): string[] {
  const sent: string[] = [];
  for (let i = 0; i < n; i++) sent.push(scheduleOne(f, `http://${hostOf(i)}/${i}`));
  return sent;
}

function scheduleOne(f: LevelFrontier, uri: string): string {
  const c = new CrawlUri(uri, { queueKey: new URL(uri).host });
  c.canonicalKey = c.uri;
  f.schedule(c);
  return c.uri;
}

/** Takes and finishes (200) every URI the frontier gives until it is empty, `each` told of each; returns them in order. */
async function drain(f: LevelFrontier, each: (got: string[]) => void = () => undefined): Promise<string[]> {
  const got: string[] = [];
  for (let c = await f.next(); c; c = await f.next()) {
    got.push(c.uri);
    c.fetchStatus = 200;
    f.finished(c);
    each(got);
  }
  return got;
}

describe(LevelFrontier.name, () => {
  let dir: string;
  let store: LevelStateStore;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'beancrawl-frontier-'));
    store = levelStore(dir, 200);
    await store.start();
  });

  afterEach(async () => {
    await store.stop();
    await rm(dir, { recursive: true, force: true });
  });

  function levelFrontier(maxUrisInMemory: number, retryDelaySeconds = 0): LevelFrontier {
    return new LevelFrontier({
      queueTotalBudget: -1, balanceReplenishAmount: 3000, errorPenaltyAmount: 100, retryDelaySeconds, maxRetries: 3, maxOutlinks: 6000,
      extract404s: true, extractIndependently: false, snoozeLongMs: 0, precedenceFloor: 255, queuePrecedencePolicy: undefined, recoveryLogEnabled: true, dumpPendingAtClose: false, recentUrisRemembered: 1_000_000,
      maxUrisInMemory, uriUniqFilter: new MemoryUriUniqFilter(), stateStore: store,
    });
  }

  it('passes over a queue the operator retired, keeping its URIs, and hands them out once it is reactivated', async () => {
    const f = levelFrontier(10);
    await f.start();
    for (const host of ['a.example', 'b.example']) {
      for (let i = 0; i < 3; i++) {
        const c = new CrawlUri(`http://${host}/${i}`, { queueKey: host });
        c.canonicalKey = c.uri;
        f.schedule(c);
      }
    }
    expect(f.retireQueue('a.example')).to.equal(true);
    expect(f.retireQueue('a.example')).to.equal(false);
    expect(f.reactivateQueue('b.example')).to.equal(false);
    expect([...f.queueSummaries()].find((q) => q.key === 'a.example')).to.include({ state: 'retired', size: 3 });
    const drain = async () => {
      const got: string[] = [];
      for (let c = await f.next(); c; c = await f.next()) {
        got.push(c.uri);
        c.fetchStatus = 200;
        f.finished(c);
      }
      return got;
    };
    expect(await drain()).to.deep.equal(['http://b.example/0', 'http://b.example/1', 'http://b.example/2']);
    expect(f.reactivateQueue('a.example')).to.equal(true);
    expect(await drain()).to.deep.equal(['http://a.example/0', 'http://a.example/1', 'http://a.example/2']);
    await f.stop();
  });

  it('deletes the waiting URIs of a queue that match, in memory and on disk alike, and hands out the others in order', async () => {
    const f = levelFrontier(10);
    await f.start();
    const sent: string[] = [];
    for (let i = 0; i < 60; i++) {
      const c = new CrawlUri(`http://a.example/${i}`, { queueKey: 'a.example' });
      c.canonicalKey = c.uri;
      f.schedule(c);
      sent.push(c.uri);
    }
    // The first URI is taken (its read brings a head back from disk); the rest wait in head, spill and tail.
    const first = (await f.next())!;
    const even = (uri: string) => /[02468]$/.test(uri);
    // The URI in process matches too, but it is not waiting: it is left to finish.
    expect(await f.deleteUris('a.example', even)).to.equal(29);
    first.fetchStatus = 200;
    f.finished(first);
    expect(f.stats().queued).to.equal(30);
    expect(await f.deleteUris('nothing.example', even)).to.equal(0);
    const got: string[] = [];
    for (let c = await f.next(); c; c = await f.next()) {
      got.push(c.uri);
      c.fetchStatus = 200;
      f.finished(c);
    }
    await f.stop();
    expect(got).to.deep.equal(sent.slice(1).filter((u) => !even(u)));
  });

  it('spills queued URIs beyond maxUrisInMemory to disk and gives them back in order', async () => {
    const f = levelFrontier(10);
    await f.start();
    const sent = scheduleMany(f, 1000, (i) => (i % 3 === 0 ? 'a.example' : 'b.example'));
    const got = await drain(f, (so) => so.length === 500 && sent.push(scheduleOne(f, 'http://a.example/late')));
    await f.stop();
    expect(got).to.have.length(1001);
    for (const host of ['a.example', 'b.example']) {
      expect(got.filter((u) => u.includes(host))).to.deep.equal(sent.filter((u) => u.includes(host)));
    }
  });

  // A queue's head (its spilled URIs read back) is held besides maxUrisInMemory: at 100 a queue, a
  // broad crawl's 10,000 queues held far more URIs in memory than the allowance said.
  for (const [queues, chunk] of [[20, 10], [2, 50], [1, 100]] as const) {
    it(`reads spilled URIs back ${chunk} at a time with ${queues} queue(s) sharing maxUrisInMemory 100, in order`, async () => {
      const f = levelFrontier(100);
      const journal = (f as unknown as { journal: { read(key: string, limit: number): Promise<unknown[]> } }).journal;
      const read = journal.read.bind(journal);
      const limits: number[] = [];
      journal.read = (key, limit) => {
        limits.push(limit);
        return read(key, limit);
      };
      await f.start();
      const sent = scheduleMany(f, 2000, (i) => `h${i % queues}.example`);
      const got = await drain(f);
      await f.stop();
      expect(got).to.have.length(2000);
      for (let h = 0; h < queues; h++) {
        const host = `//h${h}.example/`;
        expect(got.filter((u) => u.includes(host))).to.deep.equal(sent.filter((u) => u.includes(host)));
      }
      expect(limits.length, 'reads of spilled URIs').to.be.greaterThan(0);
      expect(Math.max(...limits), `limits of the reads: ${limits.join(' ')}`).to.equal(chunk);
    });
  }

  it('counts the queues waiting to retry a failed fetch apart from those resting for politeness, with the first retry time', async () => {
    const f = levelFrontier(10, 900);
    await f.start();
    for (const host of ['dead.example', 'live.example']) {
      const c = new CrawlUri(`http://${host}/`, { queueKey: host });
      c.canonicalKey = c.uri;
      f.schedule(c);
    }
    const before = Date.now();
    const dead = (await f.next())!;
    dead.fetchStatus = -2; // a connection that failed: retried after retryDelaySeconds
    f.finished(dead);
    const live = (await f.next())!;
    live.fetchStatus = 200;
    live.politenessDelayMs = 60_000;
    f.finished(live);
    const { queues } = f.stats();
    expect(queues).to.include({ snoozed: 2, retrying: 1 });
    expect(queues.nextRetryAt).to.be.within(before + 900_000, Date.now() + 900_000);
    await f.stop();
  });

  describe('URIs fetched outside the queues (a rendered page\'s requests)', () => {
    const uri = (i: number): CrawlUri => {
      const c = new CrawlUri(`http://a.example/${i}`, { queueKey: 'a.example' });
      c.canonicalKey = c.uri;
      return c;
    };

    it('finishes a queued copy of one at its turn without handing it out, after a restart too, and counts it once', async () => {
      const f = levelFrontier(10);
      await f.start();
      for (let i = 0; i < 3; i++) f.schedule(uri(i));
      const finals: string[] = [];
      f.onFinal((c, d) => finals.push(`${c.uri} ${d}`));
      // /0 in flight (the page), /1 fetched for it meanwhile: /1 is seen already (queued), so its queued copy waits to be passed over.
      const page = (await f.next())!;
      const fetched = uri(1);
      fetched.fetchStatus = 200;
      expect(await f.fetchedElsewhere(fetched)).to.equal(false);
      expect(finals).to.deep.equal(['http://a.example/1 success']);
      expect(f.stats()).to.include({ discovered: 3, succeeded: 1, inProcess: 1, queued: 2 });
      // Killed with the page in flight: the next launch hands out the page again and /2, not /1.
      await store.commit();
      await f.stop();
      const g = levelFrontier(10);
      await g.start();
      const got: string[] = [];
      for (let c = await g.next(); c; c = await g.next()) {
        got.push(c.uri);
        c.fetchStatus = 200;
        g.finished(c);
      }
      expect(got.sort()).to.deep.equal([page.uri, 'http://a.example/2']);
      expect(g.stats()).to.include({ discovered: 3, succeeded: 3, inProcess: 0, queued: 0 });
      await store.commit();
      expect(await store.sublevel('elsewhere').range('', '\uffff'), 'nothing left to pass over').to.deep.equal([]);
      await g.stop();
    });

    it('holds back a queued copy whose turn comes while it is being fetched elsewhere, and passes over it once fetched', async () => {
      const f = levelFrontier(10);
      await f.start();
      f.schedule(uri(0));
      f.claimElsewhere('http://a.example/0');
      const handed = f.next();
      let done = false;
      void handed.then(() => (done = true));
      await until(() => f.stats().queues.snoozed === 1, 'its queue resting behind the claim');
      expect(done, 'not handed out while claimed').to.equal(false);
      const fetched = uri(0);
      fetched.fetchStatus = 200;
      await f.fetchedElsewhere(fetched);
      expect(await handed, 'passed over once fetched: nothing left').to.equal(undefined);
      expect(f.stats()).to.include({ discovered: 1, succeeded: 1, inProcess: 0, queued: 0 });
      await f.stop();
    });
  });
});
