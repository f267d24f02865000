import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

export const serverCacheComponent = defineComponent({
  name: 'ServerCache',
  aliases: ['BdbServerCache', 'org.archive.modules.net.BdbServerCache'],
  description:
    'What the crawl knows of each host and server: the address DNS gave and when, robots.txt and when it was fetched. ' +
    'Held in memory for now: a restarted crawl looks hosts up and fetches robots.txt again.',
  kinds: ['ServerCache'],
  props: {},
  load: async (): Promise<ComponentClass> => (await import('./memory-server-cache.js')).MemoryServerCache,
});
