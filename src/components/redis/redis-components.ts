import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { redisConnectionComponent } from './redis-connection.descriptor.js';
import { redisFrontierComponent } from './redis-frontier.descriptor.js';
import { redisUriUniqFilterComponent } from './redis-uri-uniq-filter.descriptor.js';
import { redisServerCacheComponent } from './redis-server-cache.descriptor.js';

/** One crawl on many workers: the Redis they share, the frontier and the seen set kept there. */
export const REDIS_COMPONENTS: ComponentDescriptor[] = [redisConnectionComponent, redisFrontierComponent, redisUriUniqFilterComponent, redisServerCacheComponent];
