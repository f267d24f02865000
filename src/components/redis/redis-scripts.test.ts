import { expect } from 'chai';
import { redisSuite } from '../../../test/support/redis-suite.js';
import { until } from '../../../test/support/until.js';
import { RedisKeys, type ShardKeys } from './redis-keys.js';
import { openRedisLink, type RedisLink } from './redis-link.js';
import { defineRedisScript, type ItemOf } from './redis-script.js';
import { COMPLETE, HISTORY_RUN, JOIN, RELEASE_LEASE, RELEASE_WORKER, RENEW, SCHEDULE, SET_STATE, STEP, TABLE_ADD, TAKE } from './redis-scripts.js';

describe('The Redis scripts, each through its wrapper (on a real redis-server)', function () {
  this.timeout(30_000);
  const suite = redisSuite();
  let n = 0;
  let link: RedisLink;
  let keys: RedisKeys;
  let shard: ShardKeys;

  beforeEach(() => {
    link = openRedisLink({ url: suite.server.url, cluster: false, connectTimeoutMs: 5000 });
    suite.stops.push(() => link.close());
    keys = new RedisKeys(`s${++n}`);
    shard = keys.shard('run1', 0);
  });

  const hgetall = async (key: string): Promise<Record<string, string>> => {
    const flat = (await link.command('HGETALL', key)) as string[];
    return Object.fromEntries(Array.from({ length: flat.length / 2 }, (_, i) => [flat[2 * i], flat[2 * i + 1]]));
  };
  const item = (queue: string, fingerprint: number, record: string, more: Partial<ItemOf<typeof SCHEDULE>> = {}): ItemOf<typeof SCHEDULE> =>
    ({ queue, seenBucket: 0, fingerprint, rank: 1, record, forced: '0', ...more });
  const schedule = (...items: Array<ItemOf<typeof SCHEDULE>>): Promise<Array<0 | 1>> =>
    SCHEDULE.run(link, { keys: shard, args: { queuePrefix: shard.queuePrefix, seenPrefix: shard.seenPrefix }, items });
  const take = (worker: string, howMany: number, leaseMs = 60_000): Promise<[number, string, string, string[]]> =>
    TAKE.run(link, { keys: shard, args: { queuePrefix: shard.queuePrefix, worker, leaseMs, howMany } });

  it('SCHEDULE queues each new fingerprint (or a forced one) by rank, and puts its queue in line', async () => {
    expect(await schedule(
      item('h1', 1, 'r1'), item('h1', 2, 'r2', { rank: 0 }), item('h1', 1, 'again'), item('h2', 3, 'r3'), item('h1', 1, 'forced', { forced: '1' }),
    ))
      .to.deep.equal([1, 1, 0, 1, 1]);
    expect(await link.command('ZRANGE', `${shard.queuePrefix}h1`, 0, -1)).to.deep.equal(['r2', 'r1', 'forced']);
    expect(await link.command('SMEMBERS', `${shard.seenPrefix}0`)).to.have.members(['1', '2', '3']);
    expect(await link.command('ZRANGE', shard.ready, 0, -1)).to.have.members(['h1', 'h2']);
    expect(await hgetall(shard.count)).to.include({ queued: '4', discovered: '4', v: '1' });
  });

  it('TAKE leases queues whose turn has come to the worker, and reports the next turns; RENEW extends only a lease held with its token', async () => {
    await schedule(item('h1', 1, 'r1'), item('h2', 2, 'r2'));
    const [now, nextReady, , out] = await take('w1', 1, 60_000);
    expect(out).to.have.length(3);
    const [queue, token, record] = out;
    expect(record).to.equal(queue === 'h1' ? 'r1' : 'r2');
    expect(Number(nextReady)).to.be.at.most(now);
    expect(await link.command('HGET', shard.held, queue)).to.equal(`${token}\tw1\t${record}`);
    expect(Number(await link.command('ZSCORE', shard.lease, queue))).to.equal(now + 60_000);
    expect(await hgetall(shard.count)).to.include({ queued: '1', inflight: '1' });

    expect(await RENEW.run(link, { keys: shard, args: { leaseMs: 120_000 }, items: [{ queue, token }, { queue, token: 'other' }, { queue: 'nobody', token }] }))
      .to.deep.equal([1, 0, 0]);
    expect(Number(await link.command('ZSCORE', shard.lease, queue))).to.be.at.least(now + 120_000);
  });

  it('TAKE hands nothing out while the shard is paused, and gives back leases that ran out', async () => {
    await schedule(item('h1', 1, 'r1'));
    await link.command('HSET', shard.count, 'paused', 1);
    expect((await take('w1', 5))[3]).to.deep.equal([]);
    await link.command('HSET', shard.count, 'paused', 0);
    const [, , , [queue]] = await take('w1', 5, 1);
    // A lease of 1 ms: the next TAKE finds it run out (Redis's clock), and the queue in line again.
    let again: string[] = [];
    await until(async () => (again = (await take('w2', 5))[3]).length > 0, 'the lease of 1 ms to run out and its queue to be taken again');
    expect(again[0]).to.equal(queue);
    expect(await hgetall(shard.count)).to.include({ expired: '1', inflight: '1' });
  });

  it('COMPLETE refuses a stale token, counts what was done, and puts the queue in line after its rest', async () => {
    await schedule(item('h1', 1, 'r1'), item('h1', 2, 'r2'));
    const [, , , [queue, token]] = await take('w1', 1);
    const args = {
      queuePrefix: shard.queuePrefix, queue, token, outcome: 'success', restMs: 5000, cost: 1, totalBudget: -1, record: '', retire: '0',
      status: '200', failed: '0', documents: 1, bytes: 1234, seed: 1, delta: 'new',
    };
    expect(await COMPLETE.run(link, { keys: shard, args: { ...args, token: 'stale' } })).to.equal(0);
    expect(await COMPLETE.run(link, { keys: shard, args })).to.equal(1);
    expect(await hgetall(shard.count)).to.include({
      stale: '1', success: '1', documents: '1', bytes: '1234', seeds: '1', 'delta:new': '1', inflight: '0', queued: '1',
    });
    const queues = await hgetall(shard.queues);
    expect(queues).to.include({ 'h1\tstatus': '200', 'h1\tspent': '1' });
    expect(Number(await link.command('ZSCORE', shard.ready, 'h1'))).to.equal(Number(queues['h1\tnext']));
    expect(await link.command('ZRANGE', `${shard.queuePrefix}h1`, 0, -1)).to.deep.equal(['r2']);
  });

  it('COMPLETE puts a retried URI back at the front, and retires a queue over its budget', async () => {
    await schedule(item('h1', 1, 'r1'), item('h1', 2, 'r2'));
    let [, , , [queue, token]] = await take('w1', 1);
    const args = {
      queuePrefix: shard.queuePrefix, queue, token, outcome: 'retry', restMs: 0, cost: 1, totalBudget: 2, record: 'r1 again', retire: '0',
      status: '-2', failed: '1', documents: 0, bytes: 0, seed: 0, delta: '',
    };
    expect(await COMPLETE.run(link, { keys: shard, args })).to.equal(1);
    expect(await link.command('ZRANGE', `${shard.queuePrefix}h1`, 0, -1)).to.deep.equal(['r1 again', 'r2']);
    expect(await hgetall(shard.queues)).to.include({ 'h1\terrors': '1' });
    [, , , [queue, token]] = await take('w1', 1);
    expect(await COMPLETE.run(link, { keys: shard, args: { ...args, token, outcome: 'failure' } })).to.equal(1);
    expect(await hgetall(shard.queues)).to.include({ 'h1\tretired': '1', 'h1\tspent': '2' });
    expect(await link.command('ZSCORE', shard.ready, 'h1')).to.equal(null);
  });

  it('RELEASE_LEASE gives back one lease held with its token (with runOut, once it has run out); RELEASE_WORKER every lease of a worker', async () => {
    await schedule(item('h1', 1, 'r1'), item('h2', 2, 'r2'), item('h3', 3, 'r3'), item('h4', 4, 'r4'));
    const [, , , out] = await take('w1', 3);
    const [, , , other] = await take('w2', 1);
    expect(await RELEASE_LEASE.run(link, { keys: shard, args: { queue: out[0], token: 'wrong', runOut: '0' } })).to.equal(0);
    expect(await RELEASE_LEASE.run(link, { keys: shard, args: { queue: out[0], token: out[1], runOut: '0' } })).to.equal(1);
    expect(await link.command('HEXISTS', shard.held, out[0])).to.equal(0);
    expect(await link.command('ZRANGE', shard.ready, 0, -1)).to.deep.equal([out[0]]);
    // runOut: a lease still running is left to run out (its URI discarded by a worker that could not vouch for it): the queue rests meanwhile.
    expect(await RELEASE_LEASE.run(link, { keys: shard, args: { queue: out[3], token: out[4], runOut: '1' } })).to.equal(2);
    expect(await link.command('HEXISTS', shard.held, out[3])).to.equal(1);
    await link.command('ZADD', shard.lease, 'XX', 0, out[3]);
    expect(await RELEASE_LEASE.run(link, { keys: shard, args: { queue: out[3], token: out[4], runOut: '1' } })).to.equal(1);
    expect(await link.command('ZRANGE', shard.ready, 0, -1)).to.have.members([out[0], out[3]]);
    expect(await RELEASE_WORKER.run(link, { keys: shard, args: { worker: 'w1' } })).to.equal(1);
    expect(await RELEASE_WORKER.run(link, { keys: shard, args: { worker: 'w1' } })).to.equal(0);
    expect(await link.command('HKEYS', shard.held)).to.deep.equal([other[0]]);
    expect(await hgetall(shard.count)).to.include({ inflight: '1', queued: '3' });
  });

  it('SCHEDULE and TAKE run for several shards in one round trip, each answer in its place', async () => {
    const shards = [0, 1].map((s) => keys.shard('run1', s));
    const scheduled = await SCHEDULE.runAll(link, shards.map((k, s) => ({
      keys: k, args: { queuePrefix: k.queuePrefix, seenPrefix: k.seenPrefix }, items: [item(`h${s}`, s, `r${s}`), item(`h${s}`, s, 'seen')],
    })));
    expect(scheduled).to.deep.equal([[1, 0], [1, 0]]);
    const taken = await TAKE.runAll(link, shards.map((k) => ({ keys: k, args: { queuePrefix: k.queuePrefix, worker: 'w', leaseMs: 1000, howMany: 1 } })));
    expect(taken.map(([, , , out]) => out[2])).to.deep.equal(['r0', 'r1']);
  });

  it('JOIN begins a run or joins the one not over; SET_STATE changes only its own run\'s state, and never undoes FINISHED', async () => {
    const layout = { shards: 4, buckets: 64 };
    expect(await JOIN.run(link, { keys, args: { newRun: 'r1', ...layout } })).to.deep.equal(['r1', 1, '', 'RUNNING', '4', '64']);
    expect(await JOIN.run(link, { keys, args: { newRun: 'r2', shards: 8, buckets: 8 } })).to.deep.equal(['r1', 0, '', 'RUNNING', '4', '64']);
    expect(await SET_STATE.run(link, { keys, args: { run: 'r2', newState: 'PAUSED', exitStatus: '' } })).to.equal(null);
    expect(await SET_STATE.run(link, { keys, args: { run: 'r1', newState: 'PAUSED', exitStatus: '' } })).to.equal('PAUSED');
    expect(await SET_STATE.run(link, { keys, args: { run: 'r1', newState: 'FINISHED', exitStatus: 'FINISHED' } })).to.equal('FINISHED');
    expect(await SET_STATE.run(link, { keys, args: { run: 'r1', newState: 'RUNNING', exitStatus: '' } })).to.equal('FINISHED');
    expect(await hgetall(keys.crawl)).to.include({ run: 'r1', state: 'FINISHED', exitStatus: 'FINISHED' });
    expect(await JOIN.run(link, { keys, args: { newRun: 'r2', shards: 8, buckets: 8 } })).to.deep.equal(['r2', 1, 'r1', 'RUNNING', '8', '8']);
  });

  it('STEP lets one worker hold a step under a lease, the others wait, until it is done or dropped', async () => {
    const steps = keys.steps('run1');
    const step = (worker: string, action: 'take' | 'done' | 'drop', name = 'end'): Promise<string> =>
      STEP.run(link, { keys: { steps }, args: { step: name, worker, leaseMs: 60_000, action } });
    expect(await step('a', 'take')).to.equal('mine');
    expect(await step('b', 'take')).to.equal('wait');
    expect(await step('a', 'take')).to.equal('mine');
    expect(await step('b', 'drop')).to.equal('dropped');
    expect(await step('b', 'take')).to.equal('wait');
    expect(await step('a', 'drop')).to.equal('dropped');
    expect(await step('b', 'take')).to.equal('mine');
    expect(await step('b', 'done')).to.equal('done');
    expect(await step('a', 'take')).to.equal('done');
    expect(await step('a', 'take', 'other')).to.equal('mine');
  });

  it('HISTORY_RUN numbers each run once, and keeps the buckets the history was first written with', async () => {
    expect(await HISTORY_RUN.run(link, { keys, args: { run: 'a', newBuckets: 8 } })).to.deep.equal([1, 8]);
    expect(await HISTORY_RUN.run(link, { keys, args: { run: 'a', newBuckets: 16 } })).to.deep.equal([1, 8]);
    expect(await HISTORY_RUN.run(link, { keys, args: { run: 'b', newBuckets: 16 } })).to.deep.equal([2, 8]);
  });

  it('refuses a second script under a name already defined with other Lua, rather than run the first one\'s', async () => {
    const first = defineRedisScript({ name: 'bcTwice', keys: ['a'], lua: 'return aKey' });
    const second = defineRedisScript({ name: 'bcTwice', keys: ['a', 'b'], lua: 'return bKey .. aKey' });
    expect(await first.run(link, { keys: { a: 'x' } })).to.equal('x');
    let error: unknown;
    await second.run(link, { keys: { a: 'x', b: 'y' } }).catch((e: unknown) => (error = e));
    expect(String(error)).to.contain('two Redis scripts are named bcTwice');
    expect(await first.run(link, { keys: { a: 'z' } })).to.equal('z');
  });

  it('TABLE_ADD adds each item\'s amount to its entry', async () => {
    const table = keys.table('run1', 'hosts');
    const items = [{ entry: 'x', amount: 2 }, { entry: 'y', amount: -1 }, { entry: 'x', amount: 3 }];
    expect(await TABLE_ADD.run(link, { keys: { table }, items })).to.equal(1);
    expect(await hgetall(table)).to.deep.equal({ x: '5', y: '-1' });
  });
});
