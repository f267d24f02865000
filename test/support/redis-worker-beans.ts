import { RedisConnection } from '../../src/components/redis/redis-connection.js';
import { redisConnectionComponent } from '../../src/components/redis/redis-connection.descriptor.js';
import { RedisFrontier, redisFrontierComponent } from '../../src/components/redis/redis-frontier.js';
import { RedisUriUniqFilter } from '../../src/components/redis/redis-uri-uniq-filter.js';

type Props = Record<string, { default?: unknown }>;

/** A descriptor's properties at their defaults, as a bean built without a file gets them. */
export const defaults = (props: Props): Record<string, unknown> => Object.fromEntries(Object.entries(props).map(([k, v]) => [k, v.default]));

/** One worker's shared beans, started: its connection to the crawl `name`, seen set and frontier. */
export interface RedisWorkerBeans {
  readonly redis: RedisConnection;
  readonly frontier: RedisFrontier;
  stop(): Promise<void>;
}

/** The beans of worker `workerId` of crawl `name` on the Redis at `url` (4 shards; `more` overrides the connection's properties, `frontier` the frontier's). */
export async function redisWorkerBeans(url: string, name: string, workerId: string, more: Record<string, unknown> = {}, frontier: Record<string, unknown> = {}): Promise<RedisWorkerBeans> {
  const redis = new RedisConnection({ ...defaults(redisConnectionComponent.props as Props), redisUrl: url, crawlName: name, workerId, queueShards: 4, ...more } as never);
  await redis.start();
  const uriUniqFilter = new RedisUriUniqFilter({ redis } as never);
  const made = new RedisFrontier({ ...defaults(redisFrontierComponent.props as Props), ...frontier, redis, uriUniqFilter } as never);
  await made.start();
  return {
    frontier: made, redis,
    stop: async () => {
      await made.stop();
      await redis.stop();
    },
  };
}
