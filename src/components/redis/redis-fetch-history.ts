import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { FetchHistoryBook, type HistoryRecords } from '../../model/fetch-history-book.js';
import { FETCH_HISTORY_PROPS, FETCH_HISTORY_REFS } from '../../model/fetch-history-props.js';
import type { StateStore } from '../../model/state-store.js';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { RedisConnection } from './redis-connection.js';
import type { RedisCrawl } from './redis-crawl.js';
import { shardOf } from './redis-keys.js';
import { HISTORY_RUN } from './redis-scripts.js';

export const redisFetchHistoryComponent = defineComponent({
  name: 'RedisFetchHistory',
  description:
    'The fetch history of a crawl shared through Redis (RedisFrontier), kept in Redis from run to run: what FetchHistoryStore keeps, ' +
    'crawl-wide, so that every worker sends conditional requests and judges changes against the last fetch of a URI, whichever ' +
    'worker made it. With `deltaCrawl`, one worker queues the documents of earlier runs not reached, all fetch them, and one decides ' +
    'the deletions for all and reports them (and the documents not reached) through its own receivers. `launch --forget-history` ' +
    'on the launch that begins a run drops it.',
  kinds: ['FetchHistory'],
  props: {
    ...FETCH_HISTORY_PROPS,
    compressRecords: {
      type: 'boolean', default: true,
      description: 'Keep each record deflated: about a third of its JSON in Redis\'s memory (550 bytes instead of 1,900 for a document with 20 outlinks), for some 40 µs of CPU a record. Records of either kind are read.',
    },
    historyBuckets: {
      type: 'integer', default: 64, minimum: 1, maximum: 65536,
      description: 'Redis hashes the records are spread over (each in a slot of its own on a Redis Cluster); a history keeps the number it was first written with.',
    },
  },
  refs: {
    redis: { kind: 'RedisConnection', required: true, autowire: true, description: 'The Redis the history is kept in.' },
    stateStore: {
      kind: 'StateStore', autowire: true,
      description: 'This worker\'s state: committed before a run\'s end marks a document reported in Redis, so that an end cut short by a kill has it reported again by another worker, never not at all.',
    },
    ...FETCH_HISTORY_REFS,
  },
  load: async (): Promise<ComponentClass> => RedisFetchHistory,
});

type Config = ConfigOf<typeof redisFetchHistoryComponent>;

/** Records are read a slice of about this many at a time. */
const SCAN_COUNT = 1000;

/**
 * The fetch history in Redis: one record per URI (JSON) in hashes by a hash of the URI. A fetch's
 * record is written before its URI is completed (the frontier waits for the connection's writes);
 * the end of a delta run runs on one worker for all (SharedCrawl.once), and numbers runs by the
 * crawl's run id, the same for every worker.
 */
export class RedisFetchHistory extends FetchHistoryBook {
  beanName = '';
  #records?: HistoryRecords;
  /** The end-of-run check runs once for the crawl; one that a kill cut short is run again from the start by another worker. */
  protected readonly marksScheduled = false;

  constructor(override readonly config: Config) {
    super(config);
  }

  async start(): Promise<void> {
    if (this.#records) return;
    const redis = this.config.redis as unknown as RedisConnection;
    const crawl = await redis.join();
    const [run, buckets] = await HISTORY_RUN.run(crawl.link, { keys: crawl.keys, args: { run: crawl.run, newBuckets: this.config.historyBuckets } });
    this.run = Number(run);
    this.#records = redisRecords(redis, crawl, Number(buckets), this.config.stateStore as StateStore | undefined, this.config.compressRecords);
  }

  protected records(): HistoryRecords {
    if (!this.#records) throw new Error(`the RedisFetchHistory ${this.beanName} was used before start()`);
    return this.#records;
  }
}

/** The first byte of a record kept compressed (raw deflate follows); a record in plain JSON starts with `{`. */
const DEFLATED = 1;

/**
 * A record is a few hundred bytes to a few KB: a small window does as well on it as the default
 * one and costs half as much to set up, which is most of what deflating it costs.
 */
const SMALL_WINDOW = { windowBits: 12, memLevel: 5 } as const;

/**
 * A record as kept in Redis, which holds it in memory: deflated when `compress` says so (about a
 * third of its JSON, whose outlinks repeat their hosts and paths), else its JSON.
 */
function pack(text: string, compress: boolean): Buffer | string {
  return compress ? Buffer.concat([Buffer.of(DEFLATED), deflateRawSync(text, SMALL_WINDOW)]) : text;
}

function unpack(value: Buffer): string {
  return value[0] === DEFLATED ? inflateRawSync(value.subarray(1), { windowBits: SMALL_WINDOW.windowBits }).toString('utf8') : value.toString('utf8');
}

/**
 * Records in Redis. A fetch's record is written at once, tracked by the connection, so that its
 * URI is completed only after it. A run end's marks wait for the worker's commit that holds the
 * reports, then go together.
 */
function redisRecords(redis: RedisConnection, crawl: RedisCrawl, buckets: number, store: StateStore | undefined, compress: boolean): HistoryRecords {
  const { link, keys } = crawl;
  const keyOf = (uri: string): string => keys.historyRecords(shardOf(uri, buckets));
  let marks = new Map<string, Array<string | Buffer>>();
  return {
    get: async (uri) => {
      const value = (await link.commandBuffer('HGET', keyOf(uri), uri)) as Buffer | null;
      return value === null ? undefined : unpack(value);
    },
    put: (uri, text) => redis.track(link.commandBuffer('HSET', keyOf(uri), uri, pack(text, compress))),
    mark: (uri, text) => {
      const key = keyOf(uri);
      const fields = marks.get(key) ?? [];
      fields.push(uri, pack(text, compress));
      marks.set(key, fields);
    },
    async settle() {
      const pending = marks;
      marks = new Map();
      if (pending.size === 0) return;
      await store?.commit();
      await Promise.all([...pending].map(([key, fields]) => link.commandBuffer('HSET', key, ...fields)));
    },
    async *scan() {
      // What this worker wrote is read back too.
      await redis.settled();
      for (let n = 0; n < buckets; n++) {
        const key = keys.historyRecords(n);
        // HSCAN may return a field twice (the hash grown while it is read): each is taken once.
        const seen = new Set<string>();
        let cursor = '0';
        do {
          const [next, flat] = (await link.commandBuffer('HSCAN', key, cursor, 'COUNT', SCAN_COUNT)) as [Buffer, Buffer[]];
          for (let i = 0; i + 1 < flat.length; i += 2) {
            const uri = flat[i].toString('utf8');
            if (seen.has(uri)) continue;
            seen.add(uri);
            yield [uri, unpack(flat[i + 1])] as const;
          }
          cursor = next.toString('utf8');
        } while (cursor !== '0');
      }
    },
  };
}
