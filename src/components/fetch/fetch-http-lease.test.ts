import { expect } from 'chai';
import type { ServerResponse } from 'node:http';
import { Redis } from 'ioredis';
import { fixedMetadata } from '../../model/crawl-metadata-info.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import { redisSuite } from '../../../test/support/redis-suite.js';
import { redisWorkerBeans } from '../../../test/support/redis-worker-beans.js';
import { SiteServer } from '../../../test/support/site-server.js';
import { until } from '../../../test/support/until.js';
import type { RedisFrontier } from '../redis/redis-frontier.js';
import { FetchHttp, type FetchHttpConfig } from './fetch-http.js';
import { fetchHttpComponent } from './fetch-http.descriptor.js';
import { MemoryServerCache } from './memory-server-cache.js';

const metadata = fixedMetadata({
  operatorContactUrl: 'https://example.org/contact', operatorFrom: '', jobName: 'test', robotsPolicyName: 'obey',
  userAgent: 'Mozilla/5.0 (compatible; beancrawl/0.1.0 +https://example.org/contact)',
});

/**
 * FetchHttp's lease guard with a RedisFrontier on a real redis-server: a fetch the guard did not
 * send, or cut, because this worker could no longer vouch for its lease (its own clock past the
 * lease's margin, or its renewals late), is no answer of the URI's. While Redis still held the
 * lease, the fence after the fetch chain passed it and the frontier completed it as a timeout
 * (-4, not retried): the URI was done crawl-wide and never fetched (seen once under load in the
 * distributed e2e test, a page never fetched with its 200). It is discarded instead, and its
 * lease left to run out: the URI is fetched again.
 */
describe('FetchHttp\'s lease guard with a RedisFrontier (a real redis-server, a loopback site)', function () {
  this.timeout(30_000);
  const suite = redisSuite();
  let site: SiteServer;
  const held: ServerResponse[] = [];
  let n = 0;

  before(async () => {
    site = await SiteServer.start({
      '/page': { body: '<html><body>page</body></html>' },
      // Answered only when the test lets it (never, here): the fetch is under way when its lease is lost.
      '/slow': (_req, res) => void held.push(res),
    });
  });
  after(async () => {
    for (const res of held.splice(0)) res.destroy();
    // Not started when the suite was skipped (no redis-server here).
    await site?.close();
  });

  /** Two workers of a new crawl, and a FetchHttp for the first. */
  async function setUp(): Promise<{ a: RedisFrontier; b: RedisFrontier; fetchHttp: FetchHttp }> {
    const name = `lease${++n}`;
    const a = await redisWorkerBeans(suite.server.url, name, 'a');
    const b = await redisWorkerBeans(suite.server.url, name, 'b');
    const cache = new MemoryServerCache({});
    cache.host('127.0.0.1').ip = '127.0.0.1';
    const defaults = Object.fromEntries(Object.entries(fetchHttpComponent.props).map(([k, spec]) => [k, spec.default]));
    const fetchHttp = new FetchHttp({ ...defaults, serverCache: cache, metadata, shouldFetchBodyRule: undefined } as unknown as FetchHttpConfig);
    await fetchHttp.start();
    suite.stops.push(() => fetchHttp.stop(), a.stop, b.stop);
    return { a: a.frontier, b: b.frontier, fetchHttp };
  }

  function uri(path: string): CrawlUri {
    const curi = new CrawlUri(`${site.origin}${path}`);
    curi.queueKey = '127.0.0.1:port';
    curi.canonicalKey = curi.uri;
    return curi;
  }

  /** Time passes for the leases on queue `queue`: they run out now, in Redis (as in redis-frontier.test.ts). */
  async function runOut(frontier: RedisFrontier, queue: string): Promise<void> {
    const crawl = frontier.sharedCrawl as unknown as { run: string; keys: { shard(run: string, n: number): { lease: string } }; layout: { shards: number } };
    const client = new Redis(suite.server.url);
    try {
      for (let s = 0; s < crawl.layout.shards; s++) await client.zadd(crawl.keys.shard(crawl.run, s).lease, 'XX', 0, queue);
    } finally {
      await client.quit();
    }
  }

  /** Given back, not done: nothing counted for it, its lease left to run out (the queue rests as after a request); then the next worker to ask takes it. */
  async function fetchedAgain(a: RedisFrontier, b: RedisFrontier, curi: CrawlUri): Promise<CrawlUri> {
    await b.refreshStats();
    expect(b.stats()).to.include({ succeeded: 0, failed: 0, disregarded: 0, queued: 0, inProcess: 1 });
    expect(a.refusedCompletions, 'a lease left to run out is no refused completion').to.equal(0);
    await runOut(a, curi.queueKey);
    const again = await b.next();
    expect(again?.uri).to.equal(curi.uri);
    return again!;
  }

  /** What the engine does after the fetch chain (CrawlController's fence), then the frontier's verdict. */
  async function afterFetch(frontier: RedisFrontier, curi: CrawlUri): Promise<string> {
    if (curi.discarded === undefined && !(await frontier.stillHeld(curi))) curi.discarded = 'its lease ran out and went to another worker, which writes it';
    return frontier.finished(curi);
  }

  it('a request not sent because this worker\'s clock is past its lease\'s margin (Redis still holds it): discarded, its lease left to run ' +
    'out, the URI fetched again', async () => {
    const { a, b, fetchHttp } = await setUp();
    a.schedule(uri('/page'));
    const curi = (await a.next())!;
    // The worker stalled for five sixths of its lease: by its clock the lease may be gone, in Redis it is not yet.
    curi.leaseValidUntil = Date.now() - 1;
    const before = site.requests.length;
    await fetchHttp.process(curi);
    expect(site.requests.length, 'requests sent').to.equal(before);
    expect(curi.discarded, `the fetch cut by its lease (status ${curi.fetchStatus}) is no answer of the URI's`).to.be.a('string');
    expect(await afterFetch(a, curi)).to.equal('disregarded');
    const again = await fetchedAgain(a, b, curi);
    await fetchHttp.process(again);
    expect(again.fetchStatus).to.equal(200);
    expect(await afterFetch(b, again)).to.equal('success');
  });

  it('a fetch under way ended by the lease signal (this worker\'s renewals late; Redis still holds the lease): discarded, its lease left ' +
    'to run out, the URI fetched again', async () => {
    const { a, b, fetchHttp } = await setUp();
    a.schedule(uri('/slow'));
    const curi = (await a.next())!;
    // The frontier aborts the signal when its renewals fell behind (#abortExpiring); here the test does, at a moment it knows.
    const lost = new AbortController();
    curi.leaseSignal = lost.signal;
    const asked = held.length;
    const fetched = fetchHttp.process(curi);
    await until(() => held.length > asked, 'the request at the site');
    lost.abort();
    await fetched;
    expect(curi.discarded, `the fetch cut by its lease (status ${curi.fetchStatus}) is no answer of the URI's`).to.be.a('string');
    expect(await afterFetch(a, curi)).to.equal('disregarded');
    const again = await fetchedAgain(a, b, curi);
    // Answered this time.
    const answering = until(() => held.length > asked + 1, 'the second request').then(() => held.at(-1)!.writeHead(200).end('ok'));
    await fetchHttp.process(again);
    await answering;
    expect(again.fetchStatus).to.equal(200);
    expect(await afterFetch(b, again)).to.equal('success');
  });
});
