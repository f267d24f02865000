// Apart from its class, so that verify does not load ioredis: see README, "Adding a component".
import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

export const redisServerCacheComponent = defineComponent({
  name: 'RedisServerCache',
  description:
    'What the workers of a shared crawl know of each host and server (the address DNS gave, robots.txt), kept in Redis: a worker ' +
    'that meets a host another worker already looked up or read robots.txt of takes that answer instead of asking again. Held in ' +
    'memory too; a change goes to Redis before the URI that caused it is completed, so the next worker at that queue finds it.',
  kinds: ['ServerCache'],
  props: {},
  refs: {
    redis: { kind: 'RedisConnection', required: true, autowire: true, description: 'The Redis the answers are kept in.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./redis-server-cache.js')).RedisServerCache,
});
