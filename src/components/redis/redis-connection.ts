import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { SharedCrawlStore, SharedTable } from '../../model/shared-crawl.js';
import { timestamp17 } from '../../util/timestamp17.js';
import { takeOverCrawl } from './joined-crawls.js';
import { RedisCrawl } from './redis-crawl.js';
import type { redisConnectionComponent } from './redis-connection.descriptor.js';
import { openRedisLink } from './redis-link.js';

type Config = ConfigOf<typeof redisConnectionComponent>;

/** The crawl's name in Redis: crawlName, else the metadata's jobName. */
export function crawlNameOf(config: Pick<Config, 'crawlName' | 'metadata'>): string {
  return config.crawlName || String((config.metadata as { jobName?: string } | undefined)?.jobName ?? '');
}

/** Joins (or begins) the crawl of a connection's configuration. */
export function joinCrawl(config: Config, run = timestamp17(Date.now())): Promise<RedisCrawl> {
  const link = openRedisLink({ url: config.redisUrl, cluster: config.cluster, connectTimeoutMs: config.connectTimeoutMs });
  return RedisCrawl.join(link, crawlNameOf(config), run, config.workerId || RedisCrawl.defaultWorkerId(), { shards: config.queueShards, buckets: config.seenBuckets })
    .catch(async (e: unknown) => {
      await link.close();
      throw e;
    });
}

/** The shared Redis connection: joins the crawl when it starts (or takes over the join its launch made), leaves it when it stops. */
export class RedisConnection implements SharedCrawlStore {
  beanName = '';
  #crawl?: RedisCrawl;
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
    };
  }

  /**
   * A write a bean made that must be in Redis before the URI that caused it is completed (what a
   * robots.txt said): the frontier waits for `settled()` before completing any URI.
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
    this.#crawl ??= takeOverCrawl(crawlNameOf(this.config)) ?? (await joinCrawl(this.config));
  }

  async stop(): Promise<void> {
    const crawl = this.#crawl;
    if (!crawl) return;
    await crawl.leave();
    await crawl.link.close();
  }
}
