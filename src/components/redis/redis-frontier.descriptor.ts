// Apart from its class, so that verify does not load ioredis: see README, "Adding a component".
import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { FRONTIER_PROPS, FRONTIER_REFS } from '../frontier/frontier-props.js';

const TURN_BY_TIME = 'queues here take turns by the time their politeness gap ends (Redis\'s clock), not by a balance of URIs';

export const redisFrontierComponent = defineComponent({
  name: 'RedisFrontier',
  description:
    'The work-queue frontier kept in Redis and shared by every worker of the crawl (`beancrawl launch` on several machines): one URI of a queue ' +
    'in flight at a time crawl-wide, leased to its worker (RedisConnection.leaseSeconds, renewed while it is processed, with a fencing token), ' +
    'and the politeness gap between a queue\'s fetches kept by Redis\'s clock whichever worker fetched. A worker that dies loses nothing: its ' +
    'leases run out (or are handed back when it restarts with the same id) and those URIs are fetched again. Outlinks are queued before their ' +
    'page is done. The crawl ends for every worker when no queue has a URI waiting and none is in flight.',
  kinds: ['Frontier'],
  props: {
    ...FRONTIER_PROPS,
    balanceReplenishAmount: { ...FRONTIER_PROPS.balanceReplenishAmount, ignored: TURN_BY_TIME },
    precedenceFloor: { ...FRONTIER_PROPS.precedenceFloor, ignored: 'every queue is served; precedences are not kept in Redis yet' },
  },
  refs: {
    ...FRONTIER_REFS,
    queuePrecedencePolicy: { ...FRONTIER_REFS.queuePrecedencePolicy, ignored: 'queues here are served by the time their turn comes; precedences are not kept in Redis yet' },
    redis: { kind: 'RedisConnection', required: true, autowire: true, description: 'The Redis the queues live in, and the crawl they belong to.' },
  },
  validate: (bean) => {
    const filter = bean.refs('uriUniqFilter')[0];
    if (filter && filter.className !== 'RedisUriUniqFilter') {
      return [{
        property: 'uriUniqFilter', at: bean.locationOf('uriUniqFilter'),
        message: `a RedisFrontier keeps its seen set in Redis, crawl-wide: its uriUniqFilter must be a RedisUriUniqFilter, not ${filter.className}`,
        hints: ['replace the uriUniqFilter bean by <bean id="uriUniqFilter" class="RedisUriUniqFilter"/>'],
      }];
    }
    return [];
  },
  load: async (): Promise<ComponentClass> => (await import('./redis-frontier.js')).RedisFrontier,
});
