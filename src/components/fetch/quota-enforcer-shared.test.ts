import { expect } from 'chai';
import { Redis } from 'ioredis';
import { RedisServer } from '../../../test/support/redis-server.js';
import { requireServer } from '../../../test/support/require-server.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { ProcessResult } from '../../model/processor.js';
import type { RedisFrontier } from '../redis/redis-frontier.js';
import { defaults, redisWorkerBeans } from '../../../test/support/redis-worker-beans.js';
import { QuotaEnforcer, quotaEnforcerComponent, type QuotaEnforcerConfig } from './quota-enforcer.js';

/** One worker of a shared crawl: its connection, seen set, frontier and quota enforcer, started. */
interface Worker {
  readonly frontier: RedisFrontier;
  readonly enforcer: QuotaEnforcer;
  stop(): Promise<void>;
}

async function worker(url: string, name: string, workerId: string, quotas: Partial<QuotaEnforcerConfig>): Promise<Worker> {
  const { frontier, stop } = await redisWorkerBeans(url, name, workerId);
  const enforcer = new QuotaEnforcer({ ...defaults(quotaEnforcerComponent.props as never), shouldProcessRule: undefined, stateStore: undefined, frontier, ...quotas } as QuotaEnforcerConfig);
  await enforcer.start();
  return { frontier, enforcer, stop };
}

/** A URI of host h.test in a queue of its own, so that the workers need not wait for each other's turns. */
function uri(path: string): CrawlUri {
  const curi = new CrawlUri(`http://h.test${path}`, { queueKey: `q${path}` });
  curi.canonicalKey = curi.uri;
  return curi;
}

/** Takes a URI from the worker's frontier, has its enforcer judge it and, let through, finishes it as fetched (`status`, `size` bytes). */
async function fetchOne(w: Worker, status = 200, size = 100): Promise<ProcessResult> {
  const curi = await w.frontier.next();
  expect(curi, 'a URI handed out').to.not.equal(undefined);
  const judged = await w.enforcer.process(curi!);
  if (judged === 'PROCEED') {
    curi!.fetchStatus = status;
    curi!.contentSize = size;
  }
  await w.frontier.finished(curi!);
  return judged;
}

describe('QuotaEnforcer in a crawl shared by two workers (a real redis-server)', function () {
  this.timeout(30_000);
  let server: RedisServer;
  let n = 0;
  const stops: Array<() => Promise<void>> = [];

  before(async function () {
    requireServer(this, 'redis-server');
    server = await RedisServer.create();
  });
  after(async () => server?.close());
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop().catch(() => undefined);
  });

  async function pair(quotas: Partial<QuotaEnforcerConfig>): Promise<[Worker, Worker, string]> {
    const name = `quota${++n}`;
    const a = await worker(server.url, name, 'a', quotas);
    const b = await worker(server.url, name, 'b', quotas);
    stops.push(a.stop, b.stop);
    return [a, b, name];
  }

  it('counts crawl-wide: after a has fetched two pages of a host and b one, both refuse the next at hostMaxFetchSuccesses=3', async () => {
    const [a, b, name] = await pair({ hostMaxFetchSuccesses: 3 });
    for (const path of ['/1', '/2', '/3', '/4']) a.frontier.schedule(uri(path));
    expect(await fetchOne(a)).to.equal('PROCEED');
    expect(await fetchOne(a)).to.equal('PROCEED');
    expect(await fetchOne(b), 'b sees a\'s two successes, under the quota').to.equal('PROCEED');
    for (const w of [a, b]) {
      const next = uri('/5');
      expect(await w.enforcer.process(next)).to.equal('FINISH');
      expect(next.annotations).to.deep.equal(['Q:hostMaxFetchSuccesses']);
      expect(next.forceRetire).to.equal(true);
    }
    // The counts are a table of the run: dropped with it, saved in its checkpoints.
    const client = new Redis(server.url);
    try {
      const [run] = await client.hmget(`bc:{${name}}:crawl`, 'run');
      const table = await client.hgetall(`bc:{${name}/${run}/quota-tallies}:table`);
      expect(table['host\u0000h.test\u0000successes']).to.equal('3');
      expect(table['host\u0000h.test\u0000successBytes']).to.equal('300');
    } finally {
      await client.quit();
    }
  });

  it('adds up the KB of both workers\' responses (an error status is a success, as in Heritrix): a quota of 2 KB reached at 2048 bytes', async () => {
    const [a, b] = await pair({ serverMaxSuccessKb: 2, serverMaxFetchSuccesses: 3, forceRetire: false });
    for (const path of ['/1', '/2']) a.frontier.schedule(uri(path));
    expect(await fetchOne(b, 500, 1024)).to.equal('PROCEED');
    expect(await fetchOne(a, 200, 1024)).to.equal('PROCEED');
    const next = uri('/3');
    expect(await a.enforcer.process(next)).to.equal('FINISH');
    expect(next.annotations, 'two successes so far: the success quota is not reached').to.deep.equal(['Q:serverMaxSuccessKb']);
    expect(next.fetchStatus).to.equal(-5003);
  });

  it('reads nothing from Redis when no quota is set: the URI is let through at once', async () => {
    const [a] = await pair({});
    expect(a.enforcer.process(uri('/1')), 'an answer, not a promise').to.equal('PROCEED');
  });
});
