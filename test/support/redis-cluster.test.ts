import { expect } from 'chai';
import { Cluster, Redis } from 'ioredis';
import { RedisCluster } from './redis-cluster.js';
import { requireServer } from './require-server.js';

describe(RedisCluster.name, function () {
  this.timeout(60_000);
  let cluster: RedisCluster;

  before(async function () {
    requireServer(this, 'redis-server');
    cluster = await RedisCluster.create({ masters: 3 });
  });

  after(async () => {
    await cluster?.close();
  });

  it('has three masters on different ports below 55536, each saying the cluster is ok with all 16384 slots', async () => {
    expect(cluster.nodes).to.have.length(3);
    expect(new Set(cluster.nodes.map((n) => n.port)).size).to.equal(3);
    for (const node of cluster.nodes) {
      expect(node.port).to.be.below(55_536);
      const redis = new Redis(node.url);
      try {
        const info = await redis.cluster('INFO');
        expect(info).to.include('cluster_state:ok');
        expect(info).to.include('cluster_slots_assigned:16384');
        expect(info).to.include('cluster_known_nodes:3');
        expect(info).to.include('cluster_size:3');
      } finally {
        redis.disconnect();
      }
    }
    expect(cluster.urls).to.deep.equal(cluster.nodes.map((n) => `redis://127.0.0.1:${n.port}`));
  });

  it('takes SET and GET through ioredis\'s Cluster on keys of every node, and keeps a hash tag\'s keys together', async () => {
    const client = new Cluster(cluster.startNodes);
    try {
      const keys = Array.from({ length: 60 }, (_, i) => `url:${i}`);
      for (const key of keys) await client.set(key, `value of ${key}`);
      for (const key of keys) expect(await client.get(key)).to.equal(`value of ${key}`);
      // The keys spread over every master: each holds some of them.
      const sizes = await Promise.all(client.nodes('master').map((n) => n.dbsize()));
      expect(sizes).to.have.length(3);
      for (const size of sizes) expect(size).to.be.above(0);
      expect(sizes.reduce((a, b) => a + b, 0)).to.equal(keys.length);
      // Keys with one {tag} share a slot, so one MULTI may touch them all.
      const result = await client.multi().set('{host:a}:queue', 'x').set('{host:a}:lock', 'y').exec();
      expect(result?.map(([error]) => error)).to.deep.equal([null, null]);
      expect(await client.mget('{host:a}:queue', '{host:a}:lock')).to.deep.equal(['x', 'y']);
    } finally {
      client.disconnect();
    }
  });
});
