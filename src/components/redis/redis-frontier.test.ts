import { expect } from 'chai';
import { Redis } from 'ioredis';
import { CrawlUri } from '../../model/crawl-uri.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { redisSuite } from '../../../test/support/redis-suite.js';
import type { RedisFrontier } from './redis-frontier.js';
import { redisWorkerBeans } from '../../../test/support/redis-worker-beans.js';
import { RELEASE_WORKER } from './redis-scripts.js';
import { scriptKeys } from './redis-keys.js';

/** One worker's beans: its connection, seen set and frontier, started. */
const worker = redisWorkerBeans;

function uri(url: string, queueKey: string, init: Partial<ConstructorParameters<typeof CrawlUri>[1]> = {}): CrawlUri {
  const curi = new CrawlUri(url, init);
  curi.queueKey = queueKey;
  curi.canonicalKey = url;
  return curi;
}

describe('RedisFrontier (two workers of one crawl on a real redis-server)', function () {
  this.timeout(30_000);
  const suite = redisSuite();
  const stops = suite.stops;
  let n = 0;

  async function pair(more: Record<string, unknown> = {}): Promise<[RedisFrontier, RedisFrontier]> {
    const name = `t${++n}`;
    const a = await worker(suite.server.url, name, 'a', more);
    const b = await worker(suite.server.url, name, 'b', more);
    stops.push(a.stop, b.stop);
    return [a.frontier, b.frontier];
  }

  it('queues a URI once crawl-wide, whichever worker finds it, and hands each out once', async () => {
    const [a, b] = await pair();
    a.schedule(uri('http://h1.test/1', 'h1'));
    b.schedule(uri('http://h1.test/1', 'h1'));
    b.schedule(uri('http://h2.test/1', 'h2'));
    a.schedule(uri('http://h2.test/1', 'h2'));
    const first = await a.next();
    const second = await b.next();
    expect([first?.uri, second?.uri].sort()).to.deep.equal(['http://h1.test/1', 'http://h2.test/1']);
    first!.fetchStatus = 200;
    second!.fetchStatus = 200;
    expect(await a.finished(first!)).to.equal('success');
    expect(await b.finished(second!)).to.equal('success');
    // Nothing waits, nothing in flight: the crawl is over for both.
    expect(await a.next()).to.equal(undefined);
    expect(await b.next()).to.equal(undefined);
    await a.refreshStats();
    expect(a.stats()).to.include({ discovered: 2, queued: 0, inProcess: 0, succeeded: 2 });
  });

  it('keeps one URI of a queue in flight crawl-wide, and its politeness gap whichever worker fetches next', async () => {
    const [a, b] = await pair();
    a.schedule(uri('http://h.test/1', 'h'));
    a.schedule(uri('http://h.test/2', 'h'));
    const first = await a.next();
    // The queue is leased to a: b finds nothing due (and the crawl is not over: b waits).
    const waiting = b.next();
    let handed: CrawlUri | undefined;
    void waiting.then((c) => (handed = c));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(handed, 'a second URI of a leased queue was handed out').to.equal(undefined);
    first!.fetchStatus = 200;
    first!.politenessDelayMs = 400;
    await a.finished(first!);
    const doneAt = Date.now();
    const second = await waiting;
    expect(second?.uri).to.equal('http://h.test/2');
    // Redis's clock and this one agree on this machine within a few ms.
    expect(Date.now() - doneAt).to.be.at.least(380);
    second!.fetchStatus = 200;
    await b.finished(second!);
  });

  it('gives a stalled worker\'s queue to another once its lease runs out, and refuses the stale completion', async () => {
    const [a, b] = await pair();
    a.schedule(uri('http://h.test/1', 'h'));
    const held = await a.next();
    // a stalls past its lease: in Redis, its lease runs out now (renewals come every 5 s at this lease).
    const crawl = a.sharedCrawl as unknown as { run: string; keys: { shard(run: string, n: number): { lease: string } }; layout: { shards: number } };
    const client = new Redis(suite.server.url);
    try {
      for (let s = 0; s < crawl.layout.shards; s++) await client.zadd(crawl.keys.shard(crawl.run, s).lease, 'XX', 0, 'h');
    } finally {
      await client.quit();
    }
    const taken = await b.next();
    expect(taken?.uri).to.equal('http://h.test/1');
    held!.fetchStatus = 200;
    await a.finished(held!);
    expect(a.refusedCompletions).to.equal(1);
    taken!.fetchStatus = 200;
    expect(await b.finished(taken!)).to.equal('success');
    await b.refreshStats();
    expect(b.stats().succeeded).to.equal(1);
  });

  it('stillHeld: the fence before a URI\'s outputs holds while the lease does, and a URI discarded there is let go of, never completed', async () => {
    const [a, b] = await pair();
    a.schedule(uri('http://h.test/1', 'h'));
    a.schedule(uri('http://h.test/2', 'h'));
    const held = await a.next();
    expect(await a.stillHeld(held!)).to.equal(true);
    // a stalls past its lease (run out now, in Redis); b takes the queue: the fence says a holds it no more.
    const crawl = a.sharedCrawl as unknown as { run: string; keys: { shard(run: string, n: number): { lease: string } }; layout: { shards: number } };
    const client = new Redis(suite.server.url);
    try {
      for (let s = 0; s < crawl.layout.shards; s++) await client.zadd(crawl.keys.shard(crawl.run, s).lease, 'XX', 0, 'h');
    } finally {
      await client.quit();
    }
    expect(await a.stillHeld(held!), 'a lease run out (not yet taken)').to.equal(false);
    const taken = await b.next();
    expect(taken?.uri).to.equal('http://h.test/1');
    expect(await a.stillHeld(held!), 'a lease another worker has').to.equal(false);
    // a discards its copy: nothing is completed, counted or told to its listeners.
    const told: string[] = [];
    a.onFinal((c) => told.push(c.uri));
    held!.fetchStatus = 200;
    held!.discarded = 'its lease ran out';
    await a.finished(held!);
    expect(told).to.deep.equal([]);
    expect(a.refusedCompletions).to.equal(1);
    taken!.fetchStatus = 200;
    expect(await b.stillHeld(taken!)).to.equal(true);
    expect(await b.finished(taken!)).to.equal('success');
    await b.refreshStats();
    expect(b.stats()).to.include({ succeeded: 1, queued: 1 });
  });

  it('hands back at once the leases of a worker that starts again under the same name', async () => {
    const name = `t${++n}`;
    const a = await worker(suite.server.url, name, 'a');
    a.frontier.schedule(uri('http://h.test/1', 'h'));
    const held = await a.frontier.next();
    expect(held?.uri).to.equal('http://h.test/1');
    // a dies without a word (its connection dropped, nothing released)...
    await a.redis.crawl.link.close();
    stops.push(() => a.frontier.stop());
    // ...and comes back under its name: the URI it held is its again at once, not after the lease.
    const again = await worker(suite.server.url, name, 'a');
    stops.push(again.stop);
    const retaken = await again.frontier.next();
    expect(retaken?.uri).to.equal('http://h.test/1');
    retaken!.fetchStatus = 200;
    await again.frontier.finished(retaken!);
  });

  it('retries a failed connection after retryDelaySeconds, and fails it for good after maxRetries', async () => {
    const [a] = await pair();
    a.reconfigure({ retryDelaySeconds: 0, maxRetries: 1 } as never);
    a.schedule(uri('http://h.test/1', 'h'));
    const first = await a.next();
    first!.fetchStatus = FetchStatus.CONNECT_FAILED;
    expect(await a.finished(first!)).to.equal('retry');
    const second = await a.next();
    expect(second?.uri).to.equal('http://h.test/1');
    expect(second?.fetchAttempts).to.equal(1);
    second!.fetchStatus = FetchStatus.CONNECT_FAILED;
    expect(await a.finished(second!)).to.equal('failure');
    expect(await a.next()).to.equal(undefined);
  });

  /** Runs `during` while Redis refuses every write (maxmemory below what it uses, noeviction). */
  async function refusingWrites<T>(during: (admin: Redis) => Promise<T>): Promise<T> {
    const admin = new Redis(suite.server.url);
    try {
      await admin.config('SET', 'maxmemory-policy', 'noeviction');
      await admin.config('SET', 'maxmemory', '1');
      return await during(admin);
    } finally {
      await admin.config('SET', 'maxmemory', '0');
      await admin.quit();
    }
  }

  /** Redis's count of the commands it refused for want of memory. */
  async function oomRefusals(admin: Redis): Promise<number> {
    return Number(/errorstat_OOM:count=(\d+)/.exec(await admin.info('errorstats'))?.[1] ?? 0);
  }

  it('sends again the URIs of a flush Redis refused, instead of losing them', async () => {
    const [a] = await pair();
    await refusingWrites(async (admin) => {
      const before = await oomRefusals(admin);
      a.schedule(uri('http://h.test/kept', 'h'));
      // The flush after this turn is refused.
      while ((await oomRefusals(admin)) === before) await new Promise((r) => setTimeout(r, 10));
    });
    expect((await a.next())?.uri).to.equal('http://h.test/kept');
  });

  it('a stop while Redis refuses writes waits for it, and sends the URIs scheduled last once it takes them (issue 40: none lost, no failure)', async () => {
    const [a, b] = await pair();
    let stopped: Promise<unknown> | undefined;
    await refusingWrites(async (admin) => {
      const before = await oomRefusals(admin);
      a.schedule(uri('http://h.test/late', 'h'));
      stopped = a.stop();
      while ((await oomRefusals(admin)) === before) await new Promise((r) => setTimeout(r, 10));
      expect(a.sharedCrawl.problem ?? '', 'not yet 2 s').to.equal('');
    });
    await stopped;
    expect((await b.next())?.uri).to.equal('http://h.test/late');
  });

  it('hands nothing out while the crawl is paused, and goes on when it is unpaused', async () => {
    const [a, b] = await pair();
    a.schedule(uri('http://h.test/1', 'h'));
    await a.refreshStats();
    await b.sharedCrawl.setState('PAUSED');
    let handed: CrawlUri | undefined;
    const waiting = a.next().then((c) => (handed = c));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(handed).to.equal(undefined);
    await b.sharedCrawl.setState('RUNNING');
    await waiting;
    expect(handed?.uri).to.equal('http://h.test/1');
    handed!.fetchStatus = 200;
    await a.finished(handed!);
  });

  it('keeps every key of a run under one hash tag a shard (one slot a script), and the seen set in intsets', async () => {
    const [a] = await pair();
    for (let i = 0; i < 50; i++) a.schedule(uri(`http://h${i % 5}.test/${i}`, `h${i % 5}`));
    await a.refreshStats();
    const client = new Redis(suite.server.url);
    try {
      const keys = await client.keys(`bc:{t${n}/*`);
      const tags = new Set(keys.map((k) => /\{([^}]*)\}/.exec(k)![1]));
      expect([...tags].every((t) => /^t\d+\/\d+\/(\d+|hosts)$/.test(t)), [...tags].join(' ')).to.equal(true);
      const seen = keys.filter((k) => k.includes(':seen:'));
      expect(seen.length).to.be.greaterThan(0);
      for (const k of seen) expect(await client.object('ENCODING', k)).to.equal('intset');
      // The release script of a worker that holds nothing changes nothing.
      const crawl = (a as unknown as { sharedCrawl: { link: { run: (...x: unknown[]) => Promise<unknown> }; shard(n: number): never } }).sharedCrawl;
      expect(await crawl.link.run(RELEASE_WORKER, scriptKeys(crawl.shard(0)), ['nobody'])).to.equal(0);
    } finally {
      await client.quit();
    }
  });
});
