import type { FrontierStats } from '../../model/frontier.js';
import type { RedisCrawl } from './redis-crawl.js';

/** One shard as read at one moment. */
interface ShardReading {
  readonly ready: number;
  /** Of the ready ones, those whose turn has not come (resting after a fetch, or to retry). */
  readonly resting: number;
  readonly leased: number;
  readonly version: string;
  readonly counts: Readonly<Record<string, string>>;
}

/**
 * The crawl-wide counts, summed over the shards' counters: every worker's progress and reports
 * show the whole crawl. Also decides, by two readings that agree, that the crawl is over.
 */
export class ShardCounters {
  #stats?: FrontierStats;
  #last: readonly ShardReading[] = [];
  #refreshing?: Promise<void>;

  constructor(private readonly crawl: RedisCrawl) {}

  stats(): FrontierStats | undefined {
    return this.#stats;
  }

  refresh(): Promise<void> {
    this.#refreshing ??= this.#read().then((shards) => {
      this.#last = shards;
      this.#stats = statsOf(shards);
    }).finally(() => {
      this.#refreshing = undefined;
    });
    return this.#refreshing;
  }

  /** A counter summed over the shards, as last read (`stale`: completions refused; `expired`: leases run out). */
  total(field: string): number {
    return this.#last.reduce((n, s) => n + Number(s.counts[field] ?? 0), 0);
  }

  /**
   * True when no shard has a queue waiting (due or resting) or leased, read twice with every
   * shard's version unchanged between: a URI in flight in one shard queues its outlinks in
   * others before it is completed, so one reading could see the outlinks' shard before and the
   * completion after, and miss both.
   */
  async crawlIsOver(): Promise<boolean> {
    const first = await this.#read();
    if (first.some((s) => s.ready > 0 || s.leased > 0)) return false;
    const second = await this.#read();
    return second.every((s, i) => s.ready === 0 && s.leased === 0 && s.version === first[i].version);
  }

  #read(): Promise<ShardReading[]> {
    const { link, layout } = this.crawl;
    return Promise.all(Array.from({ length: layout.shards }, async (_, n) => {
      const keys = this.crawl.shard(n);
      // Resting by this worker's clock: for the figures only, never for a turn.
      const [ready, resting, leased, counts] = await Promise.all([
        link.command('ZCARD', keys.ready), link.command('ZCOUNT', keys.ready, `(${Date.now()}`, '+inf'), link.command('ZCARD', keys.lease), link.command('HGETALL', keys.count),
      ]) as [number, number, number, string[] | Record<string, string>];
      const map = Array.isArray(counts) ? Object.fromEntries(pairs(counts)) : counts;
      return { ready: Number(ready), resting: Number(resting), leased: Number(leased), version: map.v ?? '0', counts: map };
    }));
  }
}

function* pairs(flat: readonly string[]): Iterable<[string, string]> {
  for (let i = 0; i + 1 < flat.length; i += 2) yield [flat[i], flat[i + 1]];
}

function statsOf(shards: readonly ShardReading[]): FrontierStats {
  const sum = (field: string): number => shards.reduce((n, s) => n + Number(s.counts[field] ?? 0), 0);
  const ready = shards.reduce((n, s) => n + s.ready, 0);
  const resting = shards.reduce((n, s) => n + s.resting, 0);
  const leased = shards.reduce((n, s) => n + s.leased, 0);
  return {
    discovered: sum('discovered'), queued: sum('queued'), inProcess: sum('inflight'),
    succeeded: sum('success'), failed: sum('failure'), disregarded: sum('disregarded'),
    queues: { total: ready + leased, ready: ready - resting, snoozed: resting, retired: sum('retired') },
    shared: {
      documents: sum('documents'), bytes: sum('bytes'), seedsCrawled: sum('seeds'),
      delta: { new: sum('delta:new'), changed: sum('delta:changed'), unchanged: sum('delta:unchanged'), deleted: sum('delta:deleted') },
    },
  };
}
