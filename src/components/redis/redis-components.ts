import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { redisConnectionComponent } from './redis-connection.descriptor.js';
import { redisFetchHistoryComponent } from './redis-fetch-history.js';
import { redisFrontierComponent } from './redis-frontier.js';
import { redisUriUniqFilterComponent } from './redis-uri-uniq-filter.js';

/** One crawl on many workers: the Redis they share, the frontier, the seen set and the fetch history kept there. */
export const REDIS_COMPONENTS: ComponentDescriptor[] = [redisConnectionComponent, redisFrontierComponent, redisUriUniqFilterComponent, redisFetchHistoryComponent];
