// Apart from its class, so that verify does not load ioredis: see CONTRIBUTING.md, "Adding a component".
import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

export const redisConnectionComponent = defineComponent({
  name: 'RedisConnection',
  description:
    'The Redis server (or cluster) that the Redis-backed beans share, and the crawl\'s name in it: every `beancrawl launch` of the job, ' +
    'on any machine that reaches it, is one worker of the same crawl. The first worker begins the run; the others join it.',
  kinds: ['RedisConnection'],
  props: {
    redisUrl: {
      type: 'string', default: 'redis://127.0.0.1:6379', minLength: 1,
      description: '`redis://[:PASSWORD@]HOST:PORT[/DB]`; for a cluster, any of its nodes (or several, comma-separated). A password is never written to logs.',
    },
    cluster: { type: 'boolean', default: false, description: 'A Redis Cluster: every script touches one slot (one hash tag a shard of queues).' },
    crawlName: {
      type: 'string', default: '', pattern: '^[A-Za-z0-9._-]*$',
      description: 'The crawl\'s name in Redis, shared by its workers; empty: the metadata\'s jobName. Two crawls on one Redis need two names.',
    },
    workerId: {
      type: 'string', default: '', pattern: '^[A-Za-z0-9._-]*$',
      description: 'This worker\'s name (`launch --worker-id`); empty: the host name and process id. A worker restarted with the same name takes back its URIs at once.',
    },
    queueShards: {
      type: 'integer', default: 16, minimum: 1, maximum: 16384,
      description: 'Shards of queues (each one hash slot of a cluster); fixed when a run begins. More spread a cluster\'s load; each idle look for work asks every shard.',
    },
    seenBuckets: {
      type: 'integer', default: 65536, minimum: 1,
      description: 'Buckets of the seen set, crawl-wide; fixed when a run begins. Each stays a compact intset (8 bytes a URL) up to Redis\'s set-max-intset-entries (512): raise it for crawls of more than about 30,000,000 URLs.',
    },
    leaseSeconds: {
      type: 'integer', default: 30, minimum: 2,
      description: 'A queue\'s URI handed to a worker is leased for this long, renewed while it is processed; a worker that dies or stalls past it loses it to another, and its late completion is refused.',
    },
    connectTimeoutMs: { type: 'integer', default: 10000, minimum: 100, description: 'How long one attempt to connect may take; attempts go on until Redis answers.' },
  },
  refs: {
    metadata: { kind: 'CrawlMetadata', autowire: true, description: 'Its jobName names the crawl when crawlName is empty.' },
  },
  validate: (bean) => {
    const name = String(bean.config.crawlName || (bean.refs('metadata')[0]?.config.jobName ?? ''));
    if (!name) return [{ property: 'crawlName', message: 'a crawl in Redis needs a name: set crawlName, or the metadata\'s jobName' }];
    if (!/^[A-Za-z0-9._-]+$/.test(name)) return [{ property: 'crawlName', message: `"${name}" (the metadata's jobName) cannot name a crawl in Redis: set crawlName to letters, digits, dots, dashes and underscores` }];
    return [];
  },
  load: async (): Promise<ComponentClass> => (await import('./redis-connection.js')).RedisConnection,
});
