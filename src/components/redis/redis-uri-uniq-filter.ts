import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { UriUniqFilter } from '../../model/frontier.js';
import { fingerprint } from '../../util/fingerprint-set.js';

export const redisUriUniqFilterComponent = defineComponent({
  name: 'RedisUriUniqFilter',
  description:
    '"Seen before?" by canonical key, crawl-wide, in Redis: 53-bit fingerprints in sets of integers (intsets, 8 bytes a URL plus ' +
    'about 100 bytes a bucket; RedisConnection.seenBuckets), each bucket in the shard of the URI\'s queue so that the check and ' +
    'the queueing are one step of one script. Serves a RedisFrontier only; a LevelFrontier needs a local filter (BdbUriUniqFilter).',
  kinds: ['UriUniqFilter'],
  props: {},
  refs: {
    redis: { kind: 'RedisConnection', required: true, autowire: true, description: 'The Redis the set is kept in.' },
  },
  load: async (): Promise<ComponentClass> => RedisUriUniqFilter,
});

/**
 * The seen set of a RedisFrontier: it says where a canonical key's fingerprint goes (bucket and
 * member); the frontier's schedule script adds it, in the same step that queues the URI.
 */
export class RedisUriUniqFilter implements UriUniqFilter {
  beanName = '';

  constructor(readonly config: ConfigOf<typeof redisUriUniqFilterComponent>) {}

  /** The bucket (within the shard) and the member for `key`, with `perShard` buckets a shard. */
  place(key: string, perShard: number): [bucket: number, member: number] {
    const fp = fingerprint(key);
    return [fp % perShard, fp];
  }

  /** The check is made in Redis, a batch at a time, by the frontier: never one key at a time. */
  add(): boolean {
    throw new Error('a RedisUriUniqFilter answers only for a RedisFrontier, in its schedule script');
  }

  /** Not counted here: the frontier's counters say how many URIs were discovered. */
  get count(): number {
    return 0;
  }
}
