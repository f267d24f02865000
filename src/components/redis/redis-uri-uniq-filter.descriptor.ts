// Apart from its class, so that verify does not load ioredis: see README, "Adding a component".
import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

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
  load: async (): Promise<ComponentClass> => (await import('./redis-uri-uniq-filter.js')).RedisUriUniqFilter,
});
