import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { DocumentEvent } from '../../model/fetch-history.js';
import { redisSuite } from '../../../test/support/redis-suite.js';
import { defaults } from '../../../test/support/redis-worker-beans.js';
import { RedisConnection } from './redis-connection.js';
import { redisConnectionComponent } from './redis-connection.descriptor.js';
import { RedisFetchHistory, redisFetchHistoryComponent } from './redis-fetch-history.js';


function fetched(url: string, status: number, links: readonly string[] = []): CrawlUri {
  const curi = new CrawlUri(url);
  const body = Buffer.from(`<html>${url}</html>`);
  curi.fetchStatus = status;
  curi.fetchBeginTime = Date.now();
  curi.contentType = 'text/html';
  curi.contentSize = body.length;
  curi.response = { statusCode: status, statusText: '', httpVersion: '1.1', rawHeaders: [], headers: { etag: '"e"' }, rawBody: body, body, ipAddress: '127.0.0.1' };
  for (const uri of links) curi.outlinks.push({ uri, hop: 'L', context: 'a/@href' } as never);
  return curi;
}

describe('RedisFetchHistory (on a real redis-server)', function () {
  this.timeout(30_000);
  const suite = redisSuite();
  let n = 0;

  /** One worker's history of crawl `name`, in run `run` of it. */
  async function historyOf(name: string, run: string, more: Record<string, unknown> = {}): Promise<RedisFetchHistory> {
    const { joinCrawl } = await import('./redis-connection.js');
    const config = { ...defaults(redisConnectionComponent.props as never), redisUrl: suite.server.url, crawlName: name, workerId: `w${++n}` };
    const crawl = await joinCrawl(config as never, run);
    const redis = new RedisConnection(config as never);
    // The launch's join, taken over by the connection as a worker's is.
    const { handOverCrawl } = await import('./joined-crawls.js');
    handOverCrawl(crawl);
    await redis.start();
    const history = new RedisFetchHistory({ ...defaults(redisFetchHistoryComponent.props as never), redis, deltaCrawl: true, ...more } as never);
    await history.start();
    suite.stops.push(() => redis.stop());
    return history;
  }

  it('numbers runs crawl-wide: the workers of one run share its number, the next run has the next', async () => {
    const a = await historyOf('runs', 'run1');
    const b = await historyOf('runs', 'run1');
    expect([a.run, b.run]).to.deep.equal([1, 1]);
    await (a.config.redis as unknown as RedisConnection).crawl.finish();
    expect((await historyOf('runs', 'run2')).run).to.equal(2);
  });

  it('keeps a record deflated or plain, and reads either: what one worker wrote, another loads', async () => {
    const plain = await historyOf('records', 'run1', { compressRecords: false });
    const packed = await historyOf('records', 'run1');
    const links = Array.from({ length: 30 }, (_, i) => `http://site.test/section/${i}/page.html`);
    plain.record(fetched('http://site.test/plain', 200, links));
    packed.record(fetched('http://site.test/packed', 200, links));
    // What the frontier waits for before it completes a URI.
    await (plain.config.redis as unknown as RedisConnection).settled();
    await (packed.config.redis as unknown as RedisConnection).settled();
    for (const reader of [plain, packed]) {
      for (const url of ['http://site.test/plain', 'http://site.test/packed']) {
        const record = await reader.load(url);
        expect(record?.document, url).to.equal(true);
        expect(record?.outlinks?.map((l) => l[0])).to.deep.equal(links);
        expect(record?.fetches[0].etag).to.equal('"e"');
      }
    }
  });

  it('ends a run from the records of every worker: a document not seen again is reported unchanged, one answered gone deleted, each once', async () => {
    const first = await historyOf('ends', 'run1');
    for (const p of ['a', 'b', 'c', 'd', 'e', 'f']) first.record(fetched(`http://site.test/${p}`, 200));
    await (first.config.redis as unknown as RedisConnection).settled();
    await (first.config.redis as unknown as RedisConnection).crawl.finish();
    // The next run: two workers; one sees a, the other finds f gone; the rest are not reached.
    const w1 = await historyOf('ends', 'run2', { maxDeletePercent: 50 });
    const w2 = await historyOf('ends', 'run2', { maxDeletePercent: 50 });
    expect([w1.run, w2.run]).to.deep.equal([2, 2]);
    const seen = fetched('http://site.test/a', 200);
    seen.history = await w1.load(seen.uri);
    w1.record(seen);
    const gone = fetched('http://site.test/f', 404);
    gone.history = await w2.load(gone.uri);
    w2.record(gone);
    await (w1.config.redis as unknown as RedisConnection).settled();
    await (w2.config.redis as unknown as RedisConnection).settled();
    const events: DocumentEvent[] = [];
    const outcome = await w2.finishRun((e) => void events.push(e));
    expect(outcome.deleted).to.equal(1);
    expect(events.map((e) => `${e.kind} ${e.url.slice(-1)}`).sort()).to.deep.equal(['deleted f', 'unchanged b', 'unchanged c', 'unchanged d', 'unchanged e']);
    // The end run again (by another worker, after a kill) reports nothing twice.
    const again: DocumentEvent[] = [];
    await w1.finishRun((e) => void again.push(e));
    expect(again).to.deep.equal([]);
  });
});
