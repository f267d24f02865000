import { expect } from 'chai';
import type { Suite, Test } from 'mocha';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LevelFrontier } from '../../src/components/frontier/level-frontier.js';
import { MemoryFrontier } from '../../src/components/frontier/memory-frontier.js';
import type { WorkQueueFrontierConfig } from '../../src/components/frontier/work-queue-frontier.js';
import { MemoryUriUniqFilter } from '../../src/components/state/memory-uri-uniq-filter.js';
import { CrawlUri } from '../../src/model/crawl-uri.js';
import type { Frontier, FrontierStats } from '../../src/model/frontier.js';
import { listsQueues, type QueueSummary } from '../../src/model/frontier-queues.js';
import { levelStore } from '../support/level-store.js';
import { redisSuite } from '../support/redis-suite.js';
import { redisWorkerBeans } from '../support/redis-worker-beans.js';
import { skipBecause } from '../support/skip-because.js';
import { until } from '../support/until.js';

/**
 * Makes a frontier of one implementation with the given settings; cleanup closes what it opened.
 * `restart` (a durable frontier) stops it as a crawl killed and launched again would, with what it
 * had handed out still in flight, and gives the frontier of the next launch on the same state.
 */
type FrontierFactory = (overrides: Partial<WorkQueueFrontierConfig>) => Promise<{ frontier: Frontier; cleanup(): Promise<void>; restart?(): Promise<Frontier> }>;

/**
 * An implementation: `setUp` is called inside its describe() (where it may add hooks, e.g. start
 * a server) and returns its factory. `differs` names the cases whose behaviour it deliberately
 * does not share, each with why: those cases are skipped with that reason, said by the reporter.
 */
interface Implementation {
  setUp(): FrontierFactory;
  differs?: Readonly<Record<string, string>>;
}

const HERITRIX_EXTRAS = { extract404s: true, extractIndependently: false, snoozeLongMs: 0, precedenceFloor: 255, queuePrecedencePolicy: undefined, recoveryLogEnabled: true, dumpPendingAtClose: false };
const BASE: Omit<WorkQueueFrontierConfig, 'uriUniqFilter'> = {
  queueTotalBudget: -1, balanceReplenishAmount: 3000, errorPenaltyAmount: 0, retryDelaySeconds: 0, maxRetries: 3, maxOutlinks: 6000, recentUrisRemembered: 1_000_000, ...HERITRIX_EXTRAS,
};

const TURN_BY_TIME = 'RedisFrontier ignores balanceReplenishAmount (its descriptor says so): queues shared by workers take turns by the time their ' +
  'politeness gap ends, by Redis\'s clock, not by a balance of URIs';

const IMPLEMENTATIONS: Record<string, Implementation> = {
  MemoryFrontier: {
    setUp: () => async (o) => {
      const frontier = new MemoryFrontier({ ...BASE, ...HERITRIX_EXTRAS, uriUniqFilter: new MemoryUriUniqFilter(), ...o });
      return { frontier, cleanup: async () => frontier.stop() };
    },
    differs: {
      'passes over a queued copy after a restart too': 'MemoryFrontier keeps nothing from one launch to the next',
    },
  },
  // A tiny in-memory allowance makes nearly every URI go through the disk.
  LevelFrontier: {
    setUp: () => async (o) => {
      const dir = await mkdtemp(join(tmpdir(), 'beancrawl-conformance-'));
      const store = levelStore(dir, 200);
      await store.start();
      const uriUniqFilter = new MemoryUriUniqFilter();
      const open = async () => {
        const made = new LevelFrontier({ ...BASE, ...HERITRIX_EXTRAS, uriUniqFilter, stateStore: store, maxUrisInMemory: 2, ...o });
        await made.start();
        return made;
      };
      let frontier = await open();
      return {
        frontier,
        cleanup: async () => { await frontier.stop(); await store.stop(); await rm(dir, { recursive: true, force: true }); },
        // The seen set is kept (a BdbUriUniqFilter's is in the same store); the queues come back from their last commit.
        restart: async () => {
          await store.commit();
          await frontier.stop();
          frontier = await open();
          return frontier;
        },
      };
    },
  },
  // One worker of a crawl of its own (a fresh crawl name each frontier) on a real redis-server that
  // the suite starts (skipped where none is installed; failed instead under BEANCRAWL_REQUIRE_SERVERS=1).
  RedisFrontier: {
    setUp: () => {
      const suite = redisSuite();
      let crawls = 0;
      return async (o) => {
        const name = `conformance${++crawls}`;
        let beans = await redisWorkerBeans(suite.server.url, name, 'w', {}, { ...BASE, ...o });
        return {
          frontier: beans.frontier,
          cleanup: async () => beans.stop(),
          // The worker launched again under its id: what it held goes back to its queues.
          restart: async () => {
            await beans.stop();
            beans = await redisWorkerBeans(suite.server.url, name, 'w', {}, { ...BASE, ...o });
            return beans.frontier;
          },
        };
      };
    },
    differs: {
      'alternates two hosts every balanceReplenishAmount URIs': TURN_BY_TIME,
      'charges each URI its cost against the balance of its queue\'s turn (balanceReplenishAmount)': TURN_BY_TIME,
      'lists each queue for the reports: its state, size, spend, budget and the URIs last scheduled and taken':
        'RedisFrontier lists no queues (it is no QueueLister: listsQueues() is false): its queues live in Redis, shared by every worker, and the ' +
          'reports leave out the queue list',
    },
  },
};

function uri(u: string, queueKey = new URL(u).host, precedence = 1): CrawlUri {
  const c = new CrawlUri(u, { queueKey, precedence });
  c.canonicalKey = u;
  return c;
}

/** A prerequisite (hop P) of queue `queueKey`. */
function prerequisite(u: string, queueKey: string): CrawlUri {
  const c = new CrawlUri(u, { queueKey, hopsPath: 'P' });
  c.canonicalKey = u;
  return c;
}

/** Takes every URI in turn with one worker, finishing each with `status` and `delayMs`. */
async function drain(f: Frontier, status = 200, delayMs = 0): Promise<string[]> {
  const order: string[] = [];
  for (let c = await f.next(); c; c = await f.next()) {
    order.push(c.uri);
    c.fetchStatus = status;
    c.politenessDelayMs = delayMs;
    await f.finished(c);
  }
  return order;
}

/** The frontier's counts now (a frontier workers share reads them anew: its stats() may be a second old). */
async function statsOf(f: Frontier): Promise<FrontierStats> {
  await f.refreshStats?.();
  return f.stats();
}

function testsOf(suite: Suite): Test[] {
  return [...suite.tests, ...suite.suites.flatMap(testsOf)];
}

/** The frontier's queue list; one that keeps none fails the test. */
function summariesOf(f: Frontier): Iterable<QueueSummary> {
  if (!listsQueues(f)) throw new Error('this frontier lists no queues (it is no QueueLister)');
  return f.queueSummaries();
}

for (const [name, implementation] of Object.entries(IMPLEMENTATIONS)) {
  describe(`frontier conformance: ${name}`, function () {
    this.timeout(20_000);
    const make = implementation.setUp();
    beforeEach(function () {
      const why = implementation.differs?.[this.currentTest!.title];
      if (why) skipBecause(this, `a deliberate difference of ${name}: ${why}`);
    });
    before(function () {
      // A difference whose case was renamed would otherwise stop applying unnoticed.
      const titles = new Set(testsOf(this.test!.parent!).map((t) => t.title));
      const unknown = Object.keys(implementation.differs ?? {}).filter((t) => !titles.has(t));
      if (unknown.length) throw new Error(`${name} lists differences for cases that do not exist: ${unknown.join('; ')}`);
    });
    const opened: Array<() => Promise<void>> = [];
    const frontier = async (overrides: Partial<WorkQueueFrontierConfig> = {}) => {
      const made = await make(overrides);
      opened.push(made.cleanup);
      return made.frontier;
    };
    /** A frontier and what launches it again on the same state. */
    const restartable = async (overrides: Partial<WorkQueueFrontierConfig> = {}) => {
      const made = await make(overrides);
      opened.push(made.cleanup);
      const restart = made.restart;
      if (!restart) throw new Error(`${name} keeps nothing from one launch to the next: list the case among its differences`);
      return { frontier: made.frontier, restart };
    };
    afterEach(async () => {
      for (const c of opened.splice(0)) await c();
    });

  describe('.next()', () => {
    it('never hands out two URIs of one queue at once, even with every delay at 0', async () => {
      const f = await frontier();
      for (const p of ['a', 'b']) f.schedule(uri(`http://one.example/${p}`));
      const first = (await f.next())!;
      // The worker waiting now gets a URI of another queue scheduled later: not /b, ready before it.
      const waiting = f.next();
      f.schedule(uri('http://two.example/a'));
      const other = (await waiting)!;
      expect(other.uri).to.equal('http://two.example/a');
      other.fetchStatus = 200;
      await f.finished(other);
      first.fetchStatus = 200;
      await f.finished(first);
      const second = (await f.next())!;
      expect(second.uri).to.equal('http://one.example/b');
      second.fetchStatus = 200;
      await f.finished(second);
      expect(await f.next()).to.equal(undefined);
    });

    it('serves other queues while one is in process', async () => {
      const f = await frontier();
      f.schedule(uri('http://one.example/a'));
      f.schedule(uri('http://one.example/b'));
      f.schedule(uri('http://two.example/a'));
      const a = await f.next();
      const b = await f.next();
      // Either first: which of two ready queues goes first is not promised (RedisFrontier serves its shards in turn).
      expect([a!.uri, b!.uri].sort()).to.deep.equal(['http://one.example/a', 'http://two.example/a']);
    });

    it('rests a queue for its politeness delay after each URI', async () => {
      const f = await frontier();
      for (const p of ['a', 'b', 'c']) f.schedule(uri(`http://one.example/${p}`));
      const times: number[] = [];
      for (let c = await f.next(); c; c = await f.next()) {
        times.push(Date.now());
        c.fetchStatus = 200;
        c.politenessDelayMs = 60;
        await f.finished(c);
      }
      expect(times).to.have.length(3);
      for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).to.be.at.least(55);
    });

    it('keeps the delay for a URI scheduled while its queue is empty and resting', async () => {
      const f = await frontier();
      f.schedule(uri('http://one.example/a'));
      const a = (await f.next())!;
      a.fetchStatus = 200;
      a.politenessDelayMs = 80;
      await f.finished(a);
      const at = Date.now();
      f.schedule(uri('http://one.example/b'));
      const b = await f.next();
      expect(b!.uri).to.equal('http://one.example/b');
      expect(Date.now() - at).to.be.at.least(70);
    });
  });

  describe('budgets', () => {
    it('alternates two hosts every balanceReplenishAmount URIs', async () => {
      const f = await frontier({ balanceReplenishAmount: 5 });
      for (let i = 0; i < 12; i++) {
        f.schedule(uri(`http://a.example/${i}`));
        f.schedule(uri(`http://b.example/${i}`));
      }
      const hosts = (await drain(f)).map((u) => new URL(u).host[0]).join('');
      expect(hosts).to.equal('aaaaabbbbbaaaaabbbbbaabb');
    });

    it('retires a queue once it has spent queueTotalBudget', async () => {
      const f = await frontier({ queueTotalBudget: 10 });
      for (let i = 0; i < 15; i++) {
        f.schedule(uri(`http://a.example/${i}`));
        f.schedule(uri(`http://b.example/${i}`));
      }
      const order = await drain(f);
      expect(order.filter((u) => u.includes('a.example'))).to.have.length(10);
      expect(order.filter((u) => u.includes('b.example'))).to.have.length(10);
      expect((await statsOf(f)).queues.retired).to.equal(2);
      expect((await statsOf(f)).queued).to.equal(10);
    });

    /** URIs of a.example cost 3 (2 a turn of 6, 4 in all within 12), of b.example 0 (never rotates, never retires). */
    const costly = async (f: Frontier) => {
      for (let i = 0; i < 8; i++) {
        const a = uri(`http://a.example/${i}`);
        a.cost = 3;
        f.schedule(a);
        const b = uri(`http://b.example/${i}`);
        b.cost = 0;
        f.schedule(b);
      }
      return (await drain(f)).map((u) => new URL(u).host[0]).join('');
    };

    it('charges each URI its cost (the preparer\'s cost policy), not 1, against queueTotalBudget', async () => {
      const f = await frontier({ balanceReplenishAmount: 6, queueTotalBudget: 12 });
      const hosts = await costly(f);
      expect(hosts.replaceAll('b', ''), 'a.example: 4 URIs cost its 12').to.equal('aaaa');
      expect(hosts.replaceAll('a', ''), 'b.example: free').to.equal('bbbbbbbb');
      expect((await statsOf(f)).queues.retired, 'a.example spent its 12').to.equal(1);
    });

    it('charges each URI its cost against the balance of its queue\'s turn (balanceReplenishAmount)', async () => {
      const f = await frontier({ balanceReplenishAmount: 6, queueTotalBudget: 12 });
      expect(await costly(f)).to.equal('aabbbbbbbbaa');
    });

    it('retires the queue of a URI left untried with forceRetire, keeping the URI at its head, unlogged', async () => {
      const f = await frontier();
      for (let i = 0; i < 3; i++) {
        f.schedule(uri(`http://a.example/${i}`));
        f.schedule(uri(`http://b.example/${i}`));
      }
      const logged: string[] = [];
      f.onFinal((c) => logged.push(c.uri));
      const order: string[] = [];
      for (let c = await f.next(); c; c = await f.next()) {
        order.push(c.uri);
        if (c.uri === 'http://a.example/1') c.forceRetire = true; // over a quota: not fetched
        else c.fetchStatus = 200;
        await f.finished(c);
      }
      expect(order.filter((u) => u.includes('a.example'))).to.deep.equal(['http://a.example/0', 'http://a.example/1']);
      expect(logged).to.not.include('http://a.example/1');
      expect((await statsOf(f)).queues.retired).to.equal(1);
      expect((await statsOf(f)).queued, 'a.example/1 and a.example/2 stay queued').to.equal(2);
    });

    it('retires the queue after a URI fetched with forceRetire (DispositionProcessor\'s), counting the URI', async () => {
      const f = await frontier();
      for (let i = 0; i < 3; i++) f.schedule(uri(`http://a.example/${i}`));
      const c = (await f.next())!;
      c.fetchStatus = 200;
      c.forceRetire = true;
      expect(await f.finished(c)).to.equal('success');
      expect(await f.next()).to.equal(undefined);
      expect((await statsOf(f)).queues.retired).to.equal(1);
      expect((await statsOf(f)).queued).to.equal(2);
    });
  });

  describe('.queueSummaries()', () => {
    it('lists each queue for the reports: its state, size, spend, budget and the URIs last scheduled and taken', async () => {
      const f = await frontier({ queueTotalBudget: 2 });
      for (let i = 0; i < 3; i++) f.schedule(uri(`http://a.example/${i}`));
      f.schedule(uri('http://b.example/0'));
      const before = new Map([...summariesOf(f)].map((q) => [q.key, q]));
      expect(before.get('a.example'), 'a queue waiting in line').to.include({ state: 'ready', size: 3, totalSpent: 0, lastQueued: 'http://a.example/2' });
      await drain(f);
      const after = new Map([...summariesOf(f)].map((q) => [q.key, q]));
      expect(after.get('a.example'), 'spent its budget with a URI left').to.include({
        state: 'retired', size: 1, totalSpent: 2, totalBudget: 2, lastQueued: 'http://a.example/2', lastPeeked: 'http://a.example/1',
      });
      expect(after.get('b.example'), 'emptied within its budget').to.include({ state: 'exhausted', size: 0, totalSpent: 1, lastPeeked: 'http://b.example/0' });
    });
  });

  describe('.schedule()', () => {
    it('drops a URI whose canonical key was seen, unless forced', async () => {
      const f = await frontier();
      f.schedule(uri('http://a.example/x'));
      f.schedule(uri('http://a.example/x'));
      const forced = uri('http://a.example/x');
      forced.forceFetch = true;
      f.schedule(forced);
      expect((await statsOf(f)).discovered).to.equal(2);
    });

    it('puts prerequisites (hop P) ahead of the queue', async () => {
      const f = await frontier();
      f.schedule(uri('http://a.example/1'));
      f.schedule(uri('http://a.example/2'));
      f.schedule(prerequisite('dns:a.example', 'a.example'));
      expect(await drain(f)).to.deep.equal(['dns:a.example', 'http://a.example/1', 'http://a.example/2']);
    });
  });

  describe('URIs fetched outside the queues (a rendered page\'s requests: fetchedElsewhere)', () => {
    /** What a page's request fetched: `u`, its status set, as the frontier is told of it once written. */
    const fetched = (u: string, status = 200): CrawlUri => {
      const c = uri(u);
      c.fetchStatus = status;
      return c;
    };
    /** Takes every URI in turn, finishing each; the URIs handed out. */
    const handedOut = async (f: Frontier): Promise<string[]> => (await drain(f)).sort();

    it('marks its key seen and counts it as a URI done, told to the listeners once', async () => {
      const f = await frontier();
      const finals: string[] = [];
      f.onFinal((c, d) => finals.push(`${c.uri} ${d}`));
      expect(await f.fetchedElsewhere!(fetched('http://a.example/style.css')), 'a key never seen').to.equal(true);
      expect(await f.fetchedElsewhere!(fetched('http://a.example/gone', 404)), 'a key never seen').to.equal(true);
      f.schedule(uri('http://a.example/style.css'));
      expect(finals).to.deep.equal(['http://a.example/style.css success', 'http://a.example/gone success']);
      expect(await handedOut(f), 'its key was seen: not queued').to.deep.equal([]);
      expect(await statsOf(f)).to.include({ discovered: 2, queued: 0, inProcess: 0, succeeded: 2 });
    });

    it('passes over a queued copy at its turn without handing it out, and counts it once', async () => {
      const f = await frontier();
      for (let i = 0; i < 3; i++) f.schedule(uri(`http://a.example/${i}`));
      // /0 in flight (the page); /1, queued behind it, fetched for the page meanwhile.
      const page = (await f.next())!;
      expect(await f.fetchedElsewhere!(fetched('http://a.example/1')), 'its key was seen (queued)').to.equal(false);
      expect(await statsOf(f)).to.include({ discovered: 3, succeeded: 1, inProcess: 1 });
      page.fetchStatus = 200;
      await f.finished(page);
      expect(await handedOut(f)).to.deep.equal(['http://a.example/2']);
      expect(await statsOf(f)).to.include({ discovered: 3, succeeded: 3, inProcess: 0, queued: 0 });
    });

    it('passes over a queued copy after a restart too', async () => {
      const made = await restartable();
      const f = made.frontier;
      for (let i = 0; i < 3; i++) f.schedule(uri(`http://a.example/${i}`));
      const page = (await f.next())!;
      expect(await f.fetchedElsewhere!(fetched('http://a.example/1'))).to.equal(false);
      // Killed with the page in flight: the next launch hands out the page again and /2, not /1.
      const g = await made.restart();
      expect(await handedOut(g)).to.deep.equal([page.uri, 'http://a.example/2']);
      expect(await statsOf(g)).to.include({ discovered: 3, succeeded: 3, inProcess: 0, queued: 0 });
    });

    it('holds back a queued copy whose turn comes while it is being fetched elsewhere, and passes over it once fetched', async () => {
      const f = await frontier();
      f.schedule(uri('http://a.example/0'));
      f.claimElsewhere!('http://a.example/0', 'a.example');
      let handed: CrawlUri | undefined | 'waiting' = 'waiting';
      const next = f.next().then((c) => (handed = c));
      await until(async () => (await statsOf(f)).queues.snoozed === 1, 'its queue resting behind the claim');
      expect(handed, 'not handed out while claimed').to.equal('waiting');
      await f.fetchedElsewhere!(fetched('http://a.example/0'));
      await next;
      expect(handed, 'passed over once fetched: nothing left').to.equal(undefined);
      expect(await statsOf(f)).to.include({ discovered: 1, succeeded: 1, inProcess: 0, queued: 0 });
    });
  });

  describe('.finished()', () => {
    it('puts a deferred URI right behind its prerequisite', async () => {
      const f = await frontier();
      f.schedule(uri('http://a.example/1'));
      f.schedule(uri('http://a.example/2'));
      const first = (await f.next())!;
      f.schedule(prerequisite('dns:a.example', 'a.example'));
      first.fetchStatus = -50;
      expect(await f.finished(first)).to.equal('deferred');
      expect(await drain(f)).to.deep.equal(['dns:a.example', 'http://a.example/1', 'http://a.example/2']);
    });

    it('retries connection failures up to maxRetries, then fails them for good', async () => {
      const f = await frontier({ maxRetries: 2 });
      const finals: string[] = [];
      f.onFinal((c, d) => finals.push(`${c.uri} ${d} ${c.fetchStatus} ${c.annotations.join(',')}`));
      f.schedule(uri('http://a.example/1'));
      const order = await drain(f, -2);
      expect(order).to.deep.equal(['http://a.example/1', 'http://a.example/1', 'http://a.example/1']);
      expect(finals).to.deep.equal(['http://a.example/1 failure -2 2t']);
    });

    it('counts successes, failures and disregarded URIs', async () => {
      const f = await frontier();
      f.schedule(uri('http://a.example/1'));
      f.schedule(uri('http://b.example/1'));
      f.schedule(uri('http://c.example/1'));
      const statuses = [200, 404, -9998];
      let i = 0;
      for (let c = await f.next(); c; c = await f.next()) {
        c.fetchStatus = statuses[i++];
        await f.finished(c);
      }
      expect(await statsOf(f)).to.include({ succeeded: 2, failed: 0, disregarded: 1 });
    });
  });
  });
}
