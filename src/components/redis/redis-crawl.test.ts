import { expect } from 'chai';
import { redisSuite } from '../../../test/support/redis-suite.js';
import { until } from '../../../test/support/until.js';
import { RedisCrawl } from './redis-crawl.js';
import { openRedisLink } from './redis-link.js';

describe('RedisCrawl.once: a step one worker runs for all (on a real redis-server)', function () {
  this.timeout(30_000);
  const suite = redisSuite();
  let n = 0;

  /** Workers of one new crawl, each on its own connection, steps held for `leaseMs` unrenewed. */
  async function workersOf(ids: readonly string[], leaseMs = 30_000): Promise<RedisCrawl[]> {
    const name = `once${++n}`;
    const joined: RedisCrawl[] = [];
    for (const id of ids) {
      const crawl = await RedisCrawl.join(openRedisLink({ url: suite.server.url, cluster: false, connectTimeoutMs: 5000 }), name, 'run1', id, { shards: 2, buckets: 16 });
      crawl.stepLeaseMs = leaseMs;
      crawl.watchState(() => undefined);
      suite.stops.push(async () => {
        await crawl.leave();
        await crawl.link.close();
      });
      joined.push(crawl);
    }
    return joined;
  }

  it('runs the work once: the workers that ask while it runs wait for it, those that ask after find it done', async () => {
    const [a, b, c] = await workersOf(['a', 'b', 'c']);
    const ran: string[] = [];
    let finish!: () => void;
    const first = a.once('check', async () => {
      ran.push('a');
      await new Promise<void>((resolve) => (finish = resolve));
    });
    await until(() => ran.length === 1, 'a to take the step');
    let bReturned = false;
    const second = b.once('check', async () => void ran.push('b')).then(() => (bReturned = true));
    // b waits while a holds the step (its lease renewed: a third of it is far shorter than this test).
    await until(async () => (await a.link.command('HGET', a.keys.steps(a.run), 'check')) !== null, 'the step to show as held');
    expect(bReturned).to.equal(false);
    finish();
    await Promise.all([first, second]);
    await c.once('check', async () => void ran.push('c'));
    expect(ran).to.deep.equal(['a']);
  });

  it('hands the step to another worker when its holder stops renewing (died) or its work fails', async () => {
    const [a, b, c] = await workersOf(['a', 'b', 'c'], 600);
    // a takes the step, then its connection goes: it renews no more, as a killed worker would not.
    let taken = false;
    let release!: () => void;
    const dead = a.once('decide', async () => {
      taken = true;
      await a.link.close();
      await new Promise<void>((resolve) => (release = resolve));
    }).catch(() => undefined);
    await until(() => taken, 'a to take the step');
    const ran: string[] = [];
    await b.once('decide', async () => void ran.push('b'));
    expect(ran).to.deep.equal(['b']);

    // A failing work gives the step up at once: the next worker runs it without waiting for the lease.
    const failed = await c.once('other', async () => {
      throw new Error('boom');
    }).then(() => 'resolved', (e: Error) => e.message);
    expect(failed).to.equal('boom');
    await b.once('other', async () => void ran.push('b again'));
    expect(ran).to.deep.equal(['b', 'b again']);
    release();
    await dead;
  });

  it('returns without running the work once the crawl is terminated, or when the caller aborts', async () => {
    const [a, b] = await workersOf(['a', 'b']);
    let hold!: () => void;
    void a.once('step', () => new Promise<void>((resolve) => (hold = resolve)));
    await until(() => hold !== undefined, 'a to take the step');
    const abort = new AbortController();
    const waiting = b.once('step', async () => expect.fail('b must not run it'), abort.signal);
    abort.abort();
    await waiting;
    await a.setState('TERMINATING', 'ABORTED');
    await until(() => b.state === 'TERMINATING', 'b to hear of the terminate');
    await b.once('late', async () => expect.fail('a terminated crawl runs no step'));
    hold();
  });
});
