/**
 * Where a crawl's data lives in Redis. `bc:{NAME}:crawl` (a hash: run, state, layout) and
 * `bc:{NAME}:workers` are the crawl's own; everything of one run is under its run id, in
 * shards: every key of a shard carries the shard's hash tag, so that each script touches one
 * slot of a Redis Cluster. A URI's queue decides its shard, and its "seen" bucket lives in that
 * shard too, so that "new?" and "queued" are one step.
 */
export class RedisKeys {
  readonly crawl: string;
  readonly workers: string;

  constructor(readonly name: string) {
    this.crawl = `bc:{${name}}:crawl`;
    this.workers = `bc:{${name}}:workers`;
  }

  /** The fetch history's own hash (RedisFetchHistory): its layout, its last run's number, each run's number by run id. */
  get history(): string {
    return `bc:{${this.name}}:history`;
  }

  /** Bucket `n` of the fetch history's records (a hash: URI → record), kept from run to run. */
  historyRecords(n: number): string {
    return `bc:{${this.name}/history/${n}}:records`;
  }

  /** Every bucket of the fetch history's records, for SCAN MATCH. */
  historyPattern(): string {
    return `bc:{${this.name}/history/*`;
  }

  /** Every key of a run, for SCAN MATCH when the run's data is dropped. */
  runPattern(run: string): string {
    return `bc:{${this.name}/${run}/*`;
  }

  /** A worker's heartbeat: a key that lives while the worker renews it (its value: the run). */
  alive(worker: string): string {
    return `bc:{${this.name}}:alive:${worker}`;
  }

  /** The workers' answers to a checkpoint (a hash: worker → done, or why not). */
  checkpoint(name: string): string {
    return `bc:{${this.name}}:checkpoint:${name}`;
  }

  /** A table of a run (a hash), by name: `hosts` holds what the workers learnt of each host. */
  table(run: string, name: string): string {
    return `bc:{${this.name}/${run}/${name}}:table`;
  }

  /** The steps of a run that one worker runs for all (a hash: step → `done`, or who holds it until when). */
  steps(run: string): string {
    return `bc:{${this.name}/${run}/steps}:steps`;
  }

  /** The keys of one shard of a run. */
  shard(run: string, n: number): ShardKeys {
    const tag = `bc:{${this.name}/${run}/${n}}:`;
    return {
      ready: `${tag}ready`, lease: `${tag}lease`, held: `${tag}held`, count: `${tag}count`, queues: `${tag}queues`,
      queuePrefix: `${tag}q:`, seenPrefix: `${tag}seen:`, elsewhere: `${tag}elsewhere`, claims: `${tag}claims`,
    };
  }
}

/** One shard's keys. */
export interface ShardKeys {
  /** Queues waiting for a turn (sorted set: queue key → when it may be served, ms by Redis's clock). */
  readonly ready: string;
  /** Queues leased to a worker (sorted set: queue key → when the lease runs out). */
  readonly lease: string;
  /** The lease of each leased queue (hash: queue key → token, worker, the URI handed out). */
  readonly held: string;
  /** The shard's counters (hash). */
  readonly count: string;
  /** Each queue's own state (hash: `KEY\tnext`, `KEY\tspent`, `KEY\tretired`, `KEY\terrors`, `KEY\tstatus`). */
  readonly queues: string;
  /** A queue's URIs: sorted set, the next first. */
  readonly queuePrefix: string;
  /** A bucket of the seen set: a set of integer fingerprints (an intset: 8 bytes each). */
  readonly seenPrefix: string;
  /**
   * URIs fetched outside the queues (a rendered page's requests) while a copy of them may be queued
   * in this shard (a set of URIs): the copy is passed over at its turn, without a request.
   */
  readonly elsewhere: string;
  /** URIs being fetched outside the queues (sorted set: URI → when the claim runs out): a queued copy whose turn comes meanwhile waits. */
  readonly claims: string;
}

/** A shard's keys that queue scripts take (its prefixes are arguments). */
export const SHARD_KEYS = ['ready', 'lease', 'held', 'count', 'queues'] as const;

/** Every key of a shard that a queue script may take, in SHARD_KEYS order. */
export function scriptKeys(s: ShardKeys): string[] {
  return SHARD_KEYS.map((k) => s[k]);
}

/** The shard of a queue key: a stable hash of the key, so every worker agrees. */
export function shardOf(queueKey: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < queueKey.length; i++) h = Math.imul(h ^ queueKey.charCodeAt(i), 0x01000193);
  return (h >>> 0) % shards;
}
