import { Cluster, Redis, type RedisOptions } from 'ioredis';
import { redactUrlPasswords } from '../../util/url/url-password.js';

/** A Lua script and how many of its arguments are keys (all of one slot, for a cluster). */
export interface RedisScript {
  readonly name: string;
  readonly lua: string;
  readonly keys: number;
}

/** What the Redis-backed beans need of a Redis server or cluster: the one place that knows the client library. */
export interface RedisLink {
  /** Runs a script (EVALSHA, loading it when the server lacks it); a cluster routes it by its first key. */
  run(script: RedisScript, keys: readonly string[], args: ReadonlyArray<string | number>): Promise<unknown>;
  /** Runs one command (routed by its first key on a cluster). */
  command(name: string, ...args: Array<string | number>): Promise<unknown>;
  /** Runs one command whose arguments or answer may be bytes: strings in the answer come as Buffers. */
  commandBuffer(name: string, ...args: Array<string | number | Buffer>): Promise<unknown>;
  /**
   * Runs several scripts at once, in order, each answer in its place (one write and one round
   * trip on a single server; on a cluster, each call to its own node). A call that fails rejects the whole.
   */
  runAll(calls: ReadonlyArray<ScriptCall>): Promise<unknown[]>;
  /** Every master's keys matching `pattern` are unlinked, in pages (a run's keys, when it is over). */
  unlinkMatching(pattern: string): Promise<number>;
  /** Every master's keys matching `pattern`, a page at a time. */
  keysMatching(pattern: string): AsyncIterable<string>;
  /** A key's value in Redis's own serialisation (DUMP), undefined when there is no such key. */
  dump(key: string): Promise<Buffer | undefined>;
  /** Puts back a key from its DUMP, replacing what is there. */
  restore(key: string, value: Buffer): Promise<void>;
  readonly isCluster: boolean;
  /** Since when (ms since the epoch) the server has not answered; 0 while it does. */
  readonly downSince: number;
  /** The last connection error, its message with passwords taken out. */
  readonly lastError?: string;
  close(): Promise<void>;
}

/** One script call of a batch. */
export interface ScriptCall {
  readonly script: RedisScript;
  readonly keys: readonly string[];
  readonly args: ReadonlyArray<string | number>;
}

export interface RedisLinkOptions {
  /** `redis://[:password@]host:port[/db]`; for a cluster, any of its nodes (or several, comma-separated). */
  readonly url: string;
  readonly cluster: boolean;
  /** How long one connection attempt may take. */
  readonly connectTimeoutMs: number;
}

/**
 * Opens a link over ioredis. Commands made while the server is away wait for it (no retry
 * limit, an offline queue), so a Redis that goes away pauses the callers instead of failing
 * them; `downSince` says since when, for the alert.
 */
export function openRedisLink(options: RedisLinkOptions): RedisLink {
  const urls = options.url.split(',').map((u) => u.trim()).filter(Boolean);
  const common: RedisOptions = {
    maxRetriesPerRequest: null, enableOfflineQueue: true, connectTimeout: options.connectTimeoutMs, lazyConnect: false,
    retryStrategy: (times) => Math.min(100 * times, 2000),
  };
  const client: Redis | Cluster = options.cluster
    ? new Cluster(urls.map((u) => nodeOf(u)), {
      redisOptions: { ...common, password: passwordOf(urls[0]) }, enableOfflineQueue: true, clusterRetryStrategy: (times) => Math.min(100 * times, 2000),
      scaleReads: 'master',
    })
    : new Redis(urls[0], common);
  return new IoRedisLink(client, options.cluster);
}

class IoRedisLink implements RedisLink {
  downSince = 0;
  lastError?: string;
  /** The Lua of each script defined on the client, by name. */
  readonly #defined = new Map<string, string>();

  constructor(private readonly client: Redis | Cluster, readonly isCluster: boolean) {
    client.on('ready', () => {
      this.downSince = 0;
      this.lastError = undefined;
    });
    const down = (e?: Error): void => {
      if (this.downSince === 0) this.downSince = Date.now();
      if (e?.message) this.lastError = redactUrlPasswords(e.message);
    };
    client.on('error', down);
    client.on('close', () => down());
    client.on('reconnecting', () => down());
    client.on('node error', down);
  }

  run(script: RedisScript, keys: readonly string[], args: ReadonlyArray<string | number>): Promise<unknown> {
    try {
      this.#define(script);
    } catch (e) {
      return Promise.reject(e);
    }
    const call = (this.client as unknown as Record<string, (...a: Array<string | number>) => Promise<unknown>>)[script.name];
    return call.call(this.client, ...keys, ...args);
  }

  async runAll(calls: ReadonlyArray<ScriptCall>): Promise<unknown[]> {
    // A cluster's pipeline must stay within one slot: there, each call goes on its own.
    if (this.isCluster || calls.length < 2) return Promise.all(calls.map((c) => this.run(c.script, c.keys, c.args)));
    // A pipeline knows the scripts defined before it was made.
    for (const c of calls) this.#define(c.script);
    const pipeline = this.client.pipeline();
    for (const c of calls) {
      (pipeline as unknown as Record<string, (...a: Array<string | number>) => unknown>)[c.script.name](...c.keys, ...c.args);
    }
    const results = (await pipeline.exec()) ?? [];
    return results.map(([error, value]) => {
      if (error) throw error;
      return value;
    });
  }

  /** Defines a script's command once; another script under the same name would run the first one's Lua, so it is refused. */
  #define(script: RedisScript): void {
    const lua = this.#defined.get(script.name);
    if (lua === script.lua) return;
    if (lua !== undefined) throw new Error(`two Redis scripts are named ${script.name}: each script needs a name of its own`);
    this.client.defineCommand(script.name, { numberOfKeys: script.keys, lua: script.lua });
    this.#defined.set(script.name, script.lua);
  }

  command(name: string, ...args: Array<string | number>): Promise<unknown> {
    return this.client.call(name, ...args);
  }

  commandBuffer(name: string, ...args: Array<string | number | Buffer>): Promise<unknown> {
    return this.client.callBuffer(name, ...args);
  }

  async unlinkMatching(pattern: string): Promise<number> {
    let n = 0;
    // One key a call: on a cluster, keys of one page are of many slots.
    for await (const key of this.keysMatching(pattern)) n += Number(await this.client.unlink(key));
    return n;
  }

  async *keysMatching(pattern: string): AsyncIterable<string> {
    for (const node of this.#masters()) {
      let cursor = '0';
      do {
        const [next, keys] = (await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000)) as [string, string[]];
        cursor = next;
        yield* keys;
      } while (cursor !== '0');
    }
  }

  async dump(key: string): Promise<Buffer | undefined> {
    return (await this.client.dumpBuffer(key)) ?? undefined;
  }

  async restore(key: string, value: Buffer): Promise<void> {
    await this.client.restore(key, 0, value, 'REPLACE');
  }

  #masters(): Redis[] {
    return this.client instanceof Cluster ? this.client.nodes('master') : [this.client];
  }

  /** Says goodbye when Redis answers (a second at most), and drops the connection either way: commands still waiting fail. */
  async close(): Promise<void> {
    if (this.client.status === 'ready') {
      let timer: NodeJS.Timeout | undefined;
      // A goodbye not answered loses nothing: the connection is dropped below either way.
      await Promise.race([this.client.quit(), new Promise((resolve) => (timer = setTimeout(resolve, 1000)))]).catch(() => undefined);
      clearTimeout(timer);
    }
    this.client.disconnect();
  }
}

function nodeOf(url: string): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || 6379) };
}

function passwordOf(url: string): string | undefined {
  const p = new URL(url).password;
  return p ? decodeURIComponent(p) : undefined;
}
