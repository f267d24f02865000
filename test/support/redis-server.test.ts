import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { RedisServer } from './redis-server.js';
import { requireServer } from './require-server.js';

/** A client that gives up at once when the server is gone, instead of retrying. */
const client = (server: RedisServer) => new Redis(server.url, { maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });

async function withClient<T>(server: RedisServer, work: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = client(server);
  redis.on('error', () => undefined);
  await redis.connect();
  try {
    return await work(redis);
  } finally {
    redis.disconnect();
  }
}

describe(RedisServer.name, function () {
  this.timeout(30_000);
  const servers: RedisServer[] = [];
  const create = async (options?: Parameters<typeof RedisServer.create>[0]) => {
    const server = await RedisServer.create(options);
    servers.push(server);
    return server;
  };

  before(function () {
    requireServer(this, 'redis-server');
  });

  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it('answers on 127.0.0.1 at its url, with no snapshots and no AOF by default', async () => {
    const server = await create();
    expect(server.url).to.equal(`redis://127.0.0.1:${server.port}`);
    await withClient(server, async (redis) => {
      expect(await redis.ping()).to.equal('PONG');
      expect(await redis.config('GET', 'save')).to.deep.equal(['save', '']);
      expect(await redis.config('GET', 'appendonly')).to.deep.equal(['appendonly', 'no']);
      expect(await redis.config('GET', 'bind')).to.deep.equal(['bind', '127.0.0.1']);
      expect(await redis.config('GET', 'dir')).to.deep.equal(['dir', server.dir]);
    });
  });

  it('keeps what was written before a kill -9 in its AOF, and reads it back on restart', async () => {
    const server = await create({ appendOnly: true });
    await withClient(server, async (redis) => {
      expect(await redis.config('GET', 'appendfsync')).to.deep.equal(['appendfsync', 'always']);
      await redis.set('frontier:seed', 'http://127.0.0.2/');
      await redis.rpush('queue', 'a', 'b', 'c');
    });
    await server.kill();
    expect(server.running).to.equal(false);
    expect(existsSync(join(server.dir, 'appendonlydir')), 'the AOF folder stays after the kill').to.equal(true);
    await server.restart();
    await withClient(server, async (redis) => {
      expect(await redis.get('frontier:seed')).to.equal('http://127.0.0.2/');
      expect(await redis.lrange('queue', 0, -1)).to.deep.equal(['a', 'b', 'c']);
    });
  });

  it('loses everything on a kill -9 without an AOF (so the AOF test above means something)', async () => {
    const server = await create();
    await withClient(server, (redis) => redis.set('k', 'v'));
    await server.kill();
    await server.restart();
    await withClient(server, async (redis) => expect(await redis.get('k')).to.equal(null));
  });

  it('cuts its clients on kill, and takes them again on the same port after restart', async () => {
    const server = await create();
    const port = server.port;
    const redis = new Redis(server.url, { maxRetriesPerRequest: 1, retryStrategy: () => 20 });
    redis.on('error', () => undefined);
    try {
      await redis.set('k', '1');
      await server.kill();
      await server.restart();
      expect(server.port).to.equal(port);
      // The client reconnects by itself to the restarted server.
      expect(await redis.ping()).to.equal('PONG');
    } finally {
      redis.disconnect();
    }
  });

  it('removes its folder on close, and says why when it cannot start', async () => {
    const server = await RedisServer.create();
    const dir = server.dir;
    expect(await readFile(server.configFile, 'utf8')).to.include(`port ${server.port}`);
    await server.close();
    expect(existsSync(dir)).to.equal(false);
    // A second server on a port the first holds fails, with redis's reason.
    const first = await create();
    let error: Error | undefined;
    await RedisServer.create({ port: first.port }).catch((e: Error) => (error = e));
    expect(error?.message).to.match(/exited at start[\s\S]*(Address already in use|bind)/i);
  });
});
