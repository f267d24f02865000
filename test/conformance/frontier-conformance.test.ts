import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LevelFrontier } from '../../src/components/frontier/level-frontier.js';
import { MemoryFrontier } from '../../src/components/frontier/memory-frontier.js';
import type { WorkQueueFrontier, WorkQueueFrontierConfig } from '../../src/components/frontier/work-queue-frontier.js';
import { LevelStateStore } from '../../src/components/state/level-state-store.js';
import { MemoryUriUniqFilter } from '../../src/components/state/memory-uri-uniq-filter.js';
import { CrawlUri } from '../../src/model/crawl-uri.js';
import { levelStore } from '../support/level-store.js';

/** Makes a frontier of one implementation with the given settings; cleanup closes what it opened. */
type FrontierFactory = (overrides: Partial<WorkQueueFrontierConfig>) => Promise<{ frontier: WorkQueueFrontier; cleanup(): Promise<void> }>;

const HERITRIX_EXTRAS = { extract404s: true, extractIndependently: false, snoozeLongMs: 0, precedenceFloor: 255, queuePrecedencePolicy: undefined, recoveryLogEnabled: true, dumpPendingAtClose: false };
const BASE: Omit<WorkQueueFrontierConfig, 'uriUniqFilter'> = {
  queueTotalBudget: -1, balanceReplenishAmount: 3000, errorPenaltyAmount: 0, retryDelaySeconds: 0, maxRetries: 3, maxOutlinks: 6000, recentUrisRemembered: 1_000_000, ...HERITRIX_EXTRAS,
};

const IMPLEMENTATIONS: Record<string, FrontierFactory> = {
  MemoryFrontier: async (o) => {
    const frontier = new MemoryFrontier({ ...BASE, ...HERITRIX_EXTRAS, uriUniqFilter: new MemoryUriUniqFilter(), ...o });
    return { frontier, cleanup: async () => frontier.stop() };
  },
  // A tiny in-memory allowance makes nearly every URI go through the disk.
  LevelFrontier: async (o) => {
    const dir = await mkdtemp(join(tmpdir(), 'beancrawl-conformance-'));
    const store = levelStore(dir, 200);
    await store.start();
    const frontier = new LevelFrontier({ ...BASE, ...HERITRIX_EXTRAS, uriUniqFilter: new MemoryUriUniqFilter(), stateStore: store, maxUrisInMemory: 2, ...o });
    await frontier.start();
    return { frontier, cleanup: async () => { await frontier.stop(); await store.stop(); await rm(dir, { recursive: true, force: true }); } };
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
async function drain(f: WorkQueueFrontier, status = 200, delayMs = 0): Promise<string[]> {
  const order: string[] = [];
  for (let c = await f.next(); c; c = await f.next()) {
    order.push(c.uri);
    c.fetchStatus = status;
    c.politenessDelayMs = delayMs;
    f.finished(c);
  }
  return order;
}

for (const [name, make] of Object.entries(IMPLEMENTATIONS)) {
  describe(`frontier conformance: ${name}`, () => {
    const opened: Array<() => Promise<void>> = [];
    const frontier = async (overrides: Partial<WorkQueueFrontierConfig> = {}) => {
      const made = await make(overrides);
      opened.push(made.cleanup);
      return made.frontier;
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
      f.finished(other);
      first.fetchStatus = 200;
      f.finished(first);
      const second = (await f.next())!;
      expect(second.uri).to.equal('http://one.example/b');
      second.fetchStatus = 200;
      f.finished(second);
      expect(await f.next()).to.equal(undefined);
    });

    it('serves other queues while one is in process', async () => {
      const f = await frontier();
      f.schedule(uri('http://one.example/a'));
      f.schedule(uri('http://one.example/b'));
      f.schedule(uri('http://two.example/a'));
      const a = await f.next();
      const b = await f.next();
      expect([a!.uri, b!.uri]).to.deep.equal(['http://one.example/a', 'http://two.example/a']);
    });

    it('rests a queue for its politeness delay after each URI', async () => {
      const f = await frontier();
      for (const p of ['a', 'b', 'c']) f.schedule(uri(`http://one.example/${p}`));
      const times: number[] = [];
      for (let c = await f.next(); c; c = await f.next()) {
        times.push(Date.now());
        c.fetchStatus = 200;
        c.politenessDelayMs = 60;
        f.finished(c);
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
      f.finished(a);
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
      expect(f.stats().queues.retired).to.equal(2);
      expect(f.stats().queued).to.equal(10);
    });

    it('charges each URI its cost (the preparer\'s cost policy), not 1', async () => {
      const f = await frontier({ balanceReplenishAmount: 6, queueTotalBudget: 12 });
      for (let i = 0; i < 8; i++) {
        const a = uri(`http://a.example/${i}`);
        a.cost = 3; // 2 a turn, 4 in all
        f.schedule(a);
        const b = uri(`http://b.example/${i}`);
        b.cost = 0; // never rotates, never retires
        f.schedule(b);
      }
      const hosts = (await drain(f)).map((u) => new URL(u).host[0]).join('');
      expect(hosts).to.equal('aabbbbbbbbaa');
      expect(f.stats().queues.retired, 'a.example spent its 12').to.equal(1);
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
        f.finished(c);
      }
      expect(order.filter((u) => u.includes('a.example'))).to.deep.equal(['http://a.example/0', 'http://a.example/1']);
      expect(logged).to.not.include('http://a.example/1');
      expect(f.stats().queues.retired).to.equal(1);
      expect(f.stats().queued, 'a.example/1 and a.example/2 stay queued').to.equal(2);
    });

    it('retires the queue after a URI fetched with forceRetire (DispositionProcessor\'s), counting the URI', async () => {
      const f = await frontier();
      for (let i = 0; i < 3; i++) f.schedule(uri(`http://a.example/${i}`));
      const c = (await f.next())!;
      c.fetchStatus = 200;
      c.forceRetire = true;
      expect(f.finished(c)).to.equal('success');
      expect(await f.next()).to.equal(undefined);
      expect(f.stats().queues.retired).to.equal(1);
      expect(f.stats().queued).to.equal(2);
    });
  });

  describe('.queueSummaries()', () => {
    it('lists each queue for the reports: its state, size, spend, budget and the URIs last scheduled and taken', async () => {
      const f = await frontier({ queueTotalBudget: 2 });
      for (let i = 0; i < 3; i++) f.schedule(uri(`http://a.example/${i}`));
      f.schedule(uri('http://b.example/0'));
      const before = new Map([...f.queueSummaries()].map((q) => [q.key, q]));
      expect(before.get('a.example'), 'a queue waiting in line').to.include({ state: 'ready', size: 3, totalSpent: 0, lastQueued: 'http://a.example/2' });
      await drain(f);
      const after = new Map([...f.queueSummaries()].map((q) => [q.key, q]));
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
      expect(f.stats().discovered).to.equal(2);
    });

    it('puts prerequisites (hop P) ahead of the queue', async () => {
      const f = await frontier();
      f.schedule(uri('http://a.example/1'));
      f.schedule(uri('http://a.example/2'));
      f.schedule(prerequisite('dns:a.example', 'a.example'));
      expect(await drain(f)).to.deep.equal(['dns:a.example', 'http://a.example/1', 'http://a.example/2']);
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
      expect(f.finished(first)).to.equal('deferred');
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
        f.finished(c);
      }
      expect(f.stats()).to.include({ succeeded: 2, failed: 0, disregarded: 1 });
    });
  });
  });
}
