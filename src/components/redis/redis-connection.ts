import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { SharedCrawlStore, SharedTable } from '../../model/shared-crawl.js';
import { timestamp17 } from '../../util/timestamp17.js';
import { takeOverCrawl } from './joined-crawls.js';
import { RedisCrawl } from './redis-crawl.js';
import { TABLE_ADD } from './redis-scripts.js';
import type { redisConnectionComponent } from './redis-connection.descriptor.js';
import { openRedisLink } from './redis-link.js';
import { redactUrlPasswords } from '../../util/url/url-password.js';

type Config = ConfigOf<typeof redisConnectionComponent>;

/** The crawl's name in Redis: crawlName, else the metadata's jobName. */
export function crawlNameOf(config: Pick<Config, 'crawlName' | 'metadata'>): string {
  return config.crawlName || String((config.metadata as { jobName?: string } | undefined)?.jobName ?? '');
}

/** How often a join waiting for Redis says so. */
const WAITING_NOTICE_MS = 5000;

/**
 * Joins (or begins) the crawl of a connection's configuration. A Redis that does not answer is
 * waited for, as long as it takes; `onWaiting` hears why every few seconds meanwhile.
 */
export async function joinCrawl(config: Config, run = timestamp17(Date.now()), onWaiting?: (message: string) => void, signal?: AbortSignal): Promise<RedisCrawl> {
  // A worker's link waits while Redis refuses writes (out of memory…), as while it does not answer: the crawl pauses with an alert.
  const link = openRedisLink({ url: config.redisUrl, cluster: config.cluster, connectTimeoutMs: config.connectTimeoutMs, waitWhileRefused: true });
  const where = redactUrlPasswords(config.redisUrl);
  const notice = setInterval(() => {
    if (link.downSince > 0) onWaiting?.(`waiting for Redis at ${where}${link.lastError ? ` (${link.lastError})` : ''}`);
  }, WAITING_NOTICE_MS);
  let onAbort: (() => void) | undefined;
  try {
    // Stopped while it waits (Ctrl-C): the join is given up, nothing begun.
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(new Error(`stopped while waiting for Redis at ${where}`));
      if (signal?.aborted) onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    const joining = RedisCrawl.join(link, crawlNameOf(config), run, config.workerId || RedisCrawl.defaultWorkerId(), { shards: config.queueShards, buckets: config.seenBuckets });
    const crawl = await Promise.race([joining, aborted]);
    crawl.stepLeaseMs = config.leaseSeconds * 1000;
    return crawl;
  } catch (e) {
    await link.close();
    throw e;
  } finally {
    clearInterval(notice);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * The shared Redis connection: takes over the join its launch made (a worker's), or joins the
 * crawl when a bean that shares it starts (join()); leaves it when it stops. A connection no bean
 * uses reaches no Redis: the distributed profile's redis bean, left in a job whose shared beans
 * were put back to local ones, must not hold up (or fail) a crawl on a machine without Redis.
 */
export class RedisConnection implements SharedCrawlStore {
  beanName = '';
  #crawl?: RedisCrawl;
  #joining?: Promise<RedisCrawl>;
  /** Writes of the beans that share the connection, not yet answered. */
  readonly #writes = new Set<Promise<unknown>>();

  constructor(readonly config: Config) {}

  get crawl(): RedisCrawl {
    if (!this.#crawl) throw new Error(`the RedisConnection ${this.beanName} has not started`);
    return this.#crawl;
  }

  table(name: string): SharedTable {
    const crawl = this.crawl;
    const key = crawl.keys.table(crawl.run, name);
    return {
      read: async (keys) => ((await crawl.link.command('HMGET', key, ...keys)) as Array<string | null>).map((v) => v ?? undefined),
      write: (entries) => this.track(crawl.link.command('HSET', key, ...entries.flat())),
      add: (entries) => {
        if (entries.length > 0) this.track(TABLE_ADD.run(crawl.link, { keys: { table: key }, items: entries.map(([entry, amount]) => ({ entry, amount })) }));
      },
    };
  }

  /**
   * A write a bean made that must be in Redis before the URI that caused it is completed (what a
   * robots.txt said, what a URI adds to the quotas' counts): the frontier waits for `settled()`
   * before completing any URI.
   */
  track(write: Promise<unknown>): void {
    const settled = write.catch((e: unknown) => process.emitWarning(`a write to Redis failed: ${(e as Error)?.message ?? String(e)}`)).finally(() => this.#writes.delete(settled));
    this.#writes.add(settled);
  }

  /** Every tracked write so far is answered. */
  async settled(): Promise<void> {
    while (this.#writes.size > 0) await Promise.all(this.#writes);
  }

  async start(): Promise<void> {
    this.#crawl ??= takeOverCrawl(crawlNameOf(this.config));
  }

  /** The crawl, joined (or its run begun) now unless the launch or an earlier call did: for the beans that use the connection, from their start(). */
  async join(): Promise<RedisCrawl> {
    if (this.#crawl) return this.#crawl;
    this.#joining ??= joinCrawl(this.config).then((crawl) => (this.#crawl = crawl));
    return this.#joining;
  }

  async stop(): Promise<void> {
    // A join that failed told the start that waited for it: no crawl to leave.
    const crawl = this.#crawl ?? (await this.#joining?.catch(() => undefined));
    if (!crawl) return;
    await crawl.leave();
    await crawl.link.close();
  }
}
