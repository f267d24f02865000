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
  /**
   * Since when (ms since the epoch) the server has refused commands for a state it is in (out of
   * memory, read-only, a failed save, a script running…: REFUSALS); 0 once a refused command
   * went through. Such commands wait and are sent again (waitWhileRefused), as while it does not answer.
   */
  readonly refusingSince: number;
  /** Why, as the server said it last. */
  readonly refusal?: string;
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
  /**
   * A command the server refuses for a state it is in (REFUSALS: out of memory…) waits and is
   * sent again until it goes through, instead of failing (a worker's link: the crawl pauses with
   * an alert meanwhile). Off, such a refusal fails the command (an operator's command).
   */
  readonly waitWhileRefused?: boolean;
}

/**
 * Errors by which a server refuses a command, before running it, for a state it is in that passes:
 * out of memory (maxmemory, noeviction), a replica or a failed-over master (READONLY), writes
 * stopped after a failed save (MISCONF), a script or function running too long (BUSY), a data set
 * loading, a cluster re-forming. A script is refused at its first write, so nothing of it ran.
 */
const REFUSALS = /^(OOM|READONLY|MISCONF|BUSY|LOADING|MASTERDOWN|NOREPLICAS|TRYAGAIN|CLUSTERDOWN)\b/;

/** Whether `e` is a refusal of that kind (REFUSALS). */
export function isRefusal(e: unknown): boolean {
  return e instanceof Error && REFUSALS.test(e.message);
}

/** How long a refused command waits before it is sent again: doubling from this… */
const REFUSED_FIRST_WAIT_MS = 50;
/** …to this. */
const REFUSED_MAX_WAIT_MS = 1000;

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
  return new IoRedisLink(client, options.cluster, options.waitWhileRefused ?? false);
}

class IoRedisLink implements RedisLink {
  downSince = 0;
  lastError?: string;
  refusingSince = 0;
  refusal?: string;
  /** Commands refused and waiting to be sent again. */
  #waiting = 0;
  /** The Lua of each script defined on the client, by name. */
  readonly #defined = new Map<string, string>();

  constructor(private readonly client: Redis | Cluster, readonly isCluster: boolean, private readonly waitWhileRefused: boolean) {
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
    return this.#patiently(() => this.#runOnce(script, keys, args));
  }

  #runOnce(script: RedisScript, keys: readonly string[], args: ReadonlyArray<string | number>): Promise<unknown> {
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
    const failed = results.find(([error]) => error && !(this.waitWhileRefused && isRefusal(error)));
    if (failed) throw failed[0];
    // A call refused (out of memory…) did nothing: it alone is sent again, in its turn, until it goes through.
    const answers: unknown[] = [];
    for (const [i, [error, value]] of results.entries()) {
      if (!error) answers.push(value);
      else {
        this.#refused(error);
        const c = calls[i];
        answers.push(await this.#patiently(() => this.#runOnce(c.script, c.keys, c.args), true));
      }
    }
    return answers;
  }

  /**
   * Runs `call`; while the server refuses it for a state it is in (REFUSALS), waits and runs it
   * again (waitWhileRefused). The refusal is over once every command refused has gone through
   * (one may go through that had nothing to write; a worker's heartbeat always writes).
   */
  async #patiently<T>(call: () => Promise<T>, refusedBefore = false): Promise<T> {
    if (!this.waitWhileRefused) return call();
    let wait = REFUSED_FIRST_WAIT_MS;
    let refused = refusedBefore;
    if (refused) this.#waiting++;
    try {
      for (;;) {
        if (refused) {
          await new Promise((resolve) => setTimeout(resolve, wait));
          wait = Math.min(wait * 2, REFUSED_MAX_WAIT_MS);
        }
        try {
          return await call();
        } catch (e) {
          if (!isRefusal(e)) throw e;
          this.#refused(e as Error);
          if (!refused) this.#waiting++;
          refused = true;
        }
      }
    } finally {
      if (refused && --this.#waiting === 0) {
        this.refusingSince = 0;
        this.refusal = undefined;
      }
    }
  }

  #refused(e: Error): void {
    if (this.refusingSince === 0) this.refusingSince = Date.now();
    this.refusal = redactUrlPasswords(e.message);
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
    return this.#patiently(() => this.client.call(name, ...args));
  }

  commandBuffer(name: string, ...args: Array<string | number | Buffer>): Promise<unknown> {
    return this.#patiently(() => this.client.callBuffer(name, ...args));
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
