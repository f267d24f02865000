import { expect } from 'chai';
import { join } from 'node:path';
import { levelStore } from '../../../test/support/level-store.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { QueuePrecedencePolicy } from '../../model/precedence-policies.js';
import type { LevelStateStore } from '../state/level-state-store.js';
import { MemoryUriUniqFilter } from '../state/memory-uri-uniq-filter.js';
import { LevelFrontier } from './level-frontier.js';
import { MemoryFrontier } from './memory-frontier.js';
import { HighestUriQueuePrecedencePolicy } from './precedence/highest-uri-queue-precedence-policy.js';
import { rankOf } from './work-queue.js';
import type { WorkQueueFrontier } from './work-queue-frontier.js';

const BASE = {
  queueTotalBudget: -1, balanceReplenishAmount: 3000, errorPenaltyAmount: 0, retryDelaySeconds: 0, maxRetries: 3, maxOutlinks: 6000,
  extract404s: true, extractIndependently: false, snoozeLongMs: 0, recoveryLogEnabled: true, dumpPendingAtClose: false, recentUrisRemembered: 1_000_000,
} as const;

interface Options { precedenceFloor?: number; queuePrecedencePolicy?: QueuePrecedencePolicy; maxUrisInMemory?: number }

interface Open { frontier: WorkQueueFrontier; close(): Promise<void> }

const FRONTIERS: Record<string, (o: Options) => Promise<Open>> = {
  MemoryFrontier: async (o) => {
    const frontier = new MemoryFrontier({ ...BASE, precedenceFloor: o.precedenceFloor ?? 255, queuePrecedencePolicy: o.queuePrecedencePolicy, uriUniqFilter: new MemoryUriUniqFilter() });
    return { frontier, close: async () => frontier.stop() };
  },
  // Two URIs in memory: nearly every URI is spilled and read back.
  LevelFrontier: async (o) => {
    const { dir, cleanup } = await tempDir();
    const store: LevelStateStore = levelStore(join(dir, 'state'));
    await store.start();
    const frontier = new LevelFrontier({
      ...BASE, precedenceFloor: o.precedenceFloor ?? 255, queuePrecedencePolicy: o.queuePrecedencePolicy,
      uriUniqFilter: new MemoryUriUniqFilter(), stateStore: store, maxUrisInMemory: o.maxUrisInMemory ?? 2,
    });
    await frontier.start();
    return { frontier, close: async () => { frontier.stop(); await store.stop(); await cleanup(); } };
  },
};

function uri(u: string, precedence = 1, schedulingDirective = 3, hopsPath = 'L', queueKey = new URL(u).host): CrawlUri {
  const c = new CrawlUri(u, { queueKey, precedence, schedulingDirective, hopsPath });
  c.canonicalKey = u;
  return c;
}

function withTimeout<T>(p: Promise<T>, ms = 5000): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`next() waited over ${ms} ` +
    `ms`)), ms)))]).finally(() => clearTimeout(timer));
}

/** Takes `n` URIs (all when undefined) with one worker, each done with 200. */
async function take(f: WorkQueueFrontier, n = Infinity): Promise<string[]> {
  const got: string[] = [];
  while (got.length < n) {
    const c = await withTimeout(f.next());
    if (!c) break;
    got.push(c.uri);
    c.fetchStatus = 200;
    f.finished(c);
  }
  return got;
}

/** The reference: URIs waiting, taken by rank (directive, then precedence clipped to 0..127), then order scheduled. */
class Model {
  readonly #waiting: Array<{ uri: string; rank: number; seq: number }> = [];
  #seq = 0;

  add(c: CrawlUri): void {
    this.#waiting.push({ uri: c.uri, rank: rankOf(c.toQueued()), seq: this.#seq++ });
  }

  take(n: number): string[] {
    this.#waiting.sort((a, b) => a.rank - b.rank || a.seq - b.seq);
    return this.#waiting.splice(0, n).map((w) => w.uri);
  }
}

for (const [name, open] of Object.entries(FRONTIERS)) {
  describe(`${name}: order within a queue and between queues`, () => {
    let opened: Open | undefined;
    afterEach(async () => {
      await opened?.close();
      opened = undefined;
    });

    it('takes a queue\'s URIs by scheduling directive, then precedence, then order found', async () => {
      const { frontier: f } = (opened = await open({}));
      f.schedule(uri('http://a.example/normal-p1'));
      f.schedule(uri('http://a.example/normal-p5', 5));
      f.schedule(uri('http://a.example/medium-p9', 9, 2));
      f.schedule(uri('http://a.example/normal-p0', 0));
      f.schedule(uri('http://a.example/high-p1', 1, 1));
      f.schedule(uri('http://a.example/normal-p1-later'));
      f.schedule(uri('http://a.example/clipped-p500', 500));
      f.schedule(uri('http://a.example/clipped-p127', 127));
      f.schedule(uri('dns:a.example', 1, 3, 'P', 'a.example'));
      expect(await take(f)).to.deep.equal([
        'dns:a.example', // a prerequisite goes first, whatever its rank
        'http://a.example/high-p1', 'http://a.example/medium-p9', 'http://a.example/normal-p0', 'http://a.example/normal-p1',
        'http://a.example/normal-p1-later', 'http://a.example/normal-p5',
        // Precedences past 127 are clipped, as in Heritrix's key: then order found decides.
        'http://a.example/clipped-p500', 'http://a.example/clipped-p127',
      ]);
    });

    it('agrees with the reference order while URIs are scheduled and taken in turn (spills and reads back included)', async () => {
      const { frontier: f } = (opened = await open({}));
      const model = new Model();
      const got: string[] = [];
      const want: string[] = [];
      let n = 0;
      for (let round = 0; round < 12; round++) {
        // Each round brings URIs that rank before, among and after those waiting.
        for (let i = 0; i < 9; i++) {
          const c = uri(`http://a.example/${n}`, (n * 7) % 5, n % 11 === 0 ? 1 : n % 4 === 0 ? 2 : 3);
          n++;
          f.schedule(c);
          model.add(c);
        }
        got.push(...(await take(f, 5)));
        want.push(...model.take(5));
      }
      got.push(...(await take(f)));
      want.push(...model.take(Infinity));
      expect(got).to.have.length(n);
      expect(got).to.deep.equal(want);
    });

    it('serves queues lowest precedence first (HighestUriQueuePrecedencePolicy) and none at or above precedenceFloor', async () => {
      const policy = new HighestUriQueuePrecedencePolicy({ basePrecedence: 3 });
      const { frontier: f } = (opened = await open({ queuePrecedencePolicy: policy, precedenceFloor: 10 }));
      f.schedule(uri('http://late.example/1', 5)); // queue precedence 3 + 5 = 8
      f.schedule(uri('http://late.example/2', 5));
      f.schedule(uri('http://first.example/1', 1)); // 3 + 1 = 4
      f.schedule(uri('http://first.example/2', 2));
      f.schedule(uri('http://held.example/1', 7)); // 3 + 7 = 10: at the floor, never served
      expect(f.waitingQueues()).to.deep.include({ ready: 1, inactive: 1, ineligible: 1, byPrecedence: [[4, 1], [8, 1], [10, 1]] });
      // One turn each (a balance of 3000 would keep the first queue going anyway): first.example's URIs, then late.example's.
      expect(await take(f)).to.deep.equal(['http://first.example/1', 'http://first.example/2', 'http://late.example/1', 'http://late.example/2']);
      const stats = f.stats();
      expect(stats.queued, 'the held queue\'s URI stays queued').to.equal(1);
      expect(stats.ineligibleUris).to.equal(1);
      expect(stats.queues.ineligible).to.equal(1);
      expect([...f.queueSummaries()].find((q) => q.key === 'held.example')).to.deep.include({ state: 'inactive', precedence: 10, size: 1 });
    });

    it('moves a waiting queue up when a URI of a lower precedence joins it (HighestUriQueuePrecedencePolicy)', async () => {
      const policy = new HighestUriQueuePrecedencePolicy({ basePrecedence: 3 });
      const { frontier: f } = (opened = await open({ queuePrecedencePolicy: policy }));
      f.schedule(uri('http://a.example/1', 4));
      f.schedule(uri('http://b.example/1', 6));
      f.schedule(uri('http://b.example/0', 0)); // b.example now 3 + 0: before a.example (3 + 4)
      // Once b.example/0 is done, b.example is back at 3 + 6, behind a.example.
      expect(await take(f)).to.deep.equal(['http://b.example/0', 'http://a.example/1', 'http://b.example/1']);
    });
  });
}
