import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { freePort } from './free-port.js';
import { RedisServer } from './redis-server.js';
import { until } from './until.js';

const run = promisify(execFile);
const REDIS_CLI = '/usr/bin/redis-cli';

/** A cluster node listens on its port and on port + 10000 (the cluster bus), so its port must stay below this. */
const BUS_OFFSET = 10_000;
const HIGHEST_PORT = 65_535 - BUS_OFFSET;

export interface RedisClusterOptions {
  /** How many masters share the 16384 slots (no replicas); 3 by default, the least redis-cli accepts. */
  readonly masters?: number;
}

/**
 * A throw-away Redis Cluster for one test: `masters` redis-servers with `cluster-enabled yes`,
 * each in a temp folder of its own on a free loopback port whose bus port (+10000) is free too,
 * joined by `redis-cli --cluster create` with no replicas. create() returns once every node
 * says cluster_state:ok. Reach it with ioredis's Cluster at `urls`; `nodes` are the servers
 * (to kill one); `close()` stops them all and removes their folders.
 */
export class RedisCluster {
  private constructor(readonly nodes: readonly RedisServer[]) {}

  static async create({ masters = 3 }: RedisClusterOptions = {}): Promise<RedisCluster> {
    if (masters < 3) throw new Error(`a Redis Cluster needs at least 3 masters, not ${masters}`);
    const ports = await clusterPorts(masters);
    const started = await Promise.allSettled(ports.map((port) => RedisServer.create({ port, cluster: true })));
    const nodes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const cluster = new RedisCluster(nodes);
    try {
      const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
      if (failed) throw failed.reason;
      await cluster.join();
      return cluster;
    } catch (e) {
      await cluster.close().catch(() => undefined);
      throw e;
    }
  }

  /** `redis://127.0.0.1:PORT` of every node. */
  get urls(): string[] {
    return this.nodes.map((n) => n.url);
  }

  /** Every node's host and port, as ioredis's Cluster takes its start nodes. */
  get startNodes(): { host: string; port: number }[] {
    return this.nodes.map((n) => ({ host: '127.0.0.1', port: n.port }));
  }

  async close(): Promise<void> {
    await Promise.all(this.nodes.map((n) => n.close()));
  }

  /** Assigns the slots among the nodes and waits until every one of them sees the whole cluster up. */
  private async join(): Promise<void> {
    const addresses = this.nodes.map((n) => `127.0.0.1:${n.port}`);
    try {
      await run(REDIS_CLI, ['--cluster', 'create', ...addresses, '--cluster-replicas', '0', '--cluster-yes'], { timeout: 60_000 });
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string; message: string };
      throw new Error(`redis-cli --cluster create failed: ${err.message}\n${err.stdout ?? ''}${err.stderr ?? ''}`);
    }
    for (const node of this.nodes) {
      await until(async () => (await clusterInfo(node)).includes('cluster_state:ok'), `cluster_state:ok on ${node.url}`, { timeoutMs: 30_000, everyMs: 50 });
    }
  }
}

/** CLUSTER INFO of one node, or '' when it does not answer. */
async function clusterInfo(node: RedisServer): Promise<string> {
  const redis = new Redis(node.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return await redis.cluster('INFO');
  } catch {
    return '';
  } finally {
    redis.disconnect();
  }
}

/** `count` different loopback ports, each free, below 55536, with port + 10000 free too. */
async function clusterPorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let tries = 0; ports.length < count; tries++) {
    if (tries > 1000) throw new Error(`found only ${ports.length} of ${count} free port pairs (p, p + ${BUS_OFFSET})`);
    const port = await freePort();
    if (port > HIGHEST_PORT || ports.some((p) => p === port || p === port + BUS_OFFSET || p + BUS_OFFSET === port)) continue;
    if (await isFree(port + BUS_OFFSET)) ports.push(port);
  }
  return ports;
}

/** Whether the loopback port can be bound at the moment of asking. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
