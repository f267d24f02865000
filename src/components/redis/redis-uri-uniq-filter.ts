import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { UriUniqFilter } from '../../model/frontier.js';
import { fingerprint } from '../../util/fingerprint-set.js';
import type { redisUriUniqFilterComponent } from './redis-uri-uniq-filter.descriptor.js';

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
