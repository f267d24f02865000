import { expect } from 'chai';
import { Redis } from 'ioredis';
import { redisSuite } from '../../../test/support/redis-suite.js';
import { until } from '../../../test/support/until.js';
import { isRefusal, openRedisLink, type RedisLink } from './redis-link.js';

/** A script that writes: refused while Redis is out of memory. */
const INCR_BY = { name: 'bcTestIncrBy', keys: 1, lua: `return redis.call('INCRBY', KEYS[1], ARGV[1])` };

describe('RedisLink: a Redis refusing writes (out of memory) makes a worker\'s commands wait, not fail (issue 40, item 5; a real redis-server)', function () {
  this.timeout(30_000);
  const suite = redisSuite();
  let admin: Redis;
  const links: RedisLink[] = [];

  beforeEach(() => {
    admin = new Redis(suite.server.url);
    suite.stops.push(async () => {
      await admin.config('SET', 'maxmemory', '0');
      admin.disconnect();
      for (const link of links.splice(0)) await link.close();
    });
  });
  const open = (waitWhileRefused: boolean): RedisLink => {
    const link = openRedisLink({ url: suite.server.url, cluster: false, connectTimeoutMs: 2000, waitWhileRefused });
    links.push(link);
    return link;
  };
  const outOfMemory = async () => {
    await admin.config('SET', 'maxmemory-policy', 'noeviction');
    await admin.config('SET', 'maxmemory', '1');
  };

  it('tells refusals (OOM, READONLY, MISCONF, BUSY…) from other errors', () => {
    expect(isRefusal(new Error('OOM command not allowed when used memory > \'maxmemory\'.'))).to.equal(true);
    expect(isRefusal(new Error('READONLY You can\'t write against a read only replica.'))).to.equal(true);
    expect(isRefusal(new Error('BUSY Redis is busy running a script.'))).to.equal(true);
    expect(isRefusal(new Error('BUSYKEY Target key name already exists.'))).to.equal(false);
    expect(isRefusal(new Error('ERR wrong number of arguments'))).to.equal(false);
  });

  it('a command, a script and a pipeline of scripts wait while Redis is out of memory, say why, and go through in order once it takes writes', async () => {
    const link = open(true);
    await link.command('SET', 'k', '0');
    await outOfMemory();
    const order: string[] = [];
    const command = link.command('SET', 'a', '1').then(() => order.push('command'));
    const script = link.run(INCR_BY, ['k'], [1]).then(() => order.push('script'));
    const batch = link.runAll([{ script: INCR_BY, keys: ['k'], args: [10] }, { script: INCR_BY, keys: ['k'], args: [100] }]).then((r) => {
      order.push('batch');
      return r;
    });
    await until(() => link.refusingSince > 0, 'the link to say Redis refuses');
    expect(link.refusal).to.match(/^OOM/);
    // Reads go through meanwhile, and do not end the refusal.
    expect(await link.command('GET', 'k')).to.equal('0');
    expect(link.refusingSince).to.be.above(0);
    expect(order).to.deep.equal([]);
    await admin.config('SET', 'maxmemory', '0');
    await Promise.all([command, script]);
    // Each call of the pipeline ran once, in its order (the script's 1 before or between).
    const [first, second] = (await batch) as number[];
    expect(second - first).to.equal(100);
    expect(await admin.get('k')).to.equal('111');
    expect(link.refusingSince).to.equal(0);
  });

  it('an operator\'s link (not waiting) fails the command with the refusal', async () => {
    const link = open(false);
    await outOfMemory();
    const e = await link.command('SET', 'b', '1').then(() => undefined, (err: Error) => err);
    expect(e?.message).to.match(/^OOM/);
  });
});
