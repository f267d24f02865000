import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

export const serverCacheComponent = defineComponent({
  name: 'ServerCache',
  aliases: ['BdbServerCache', 'org.archive.modules.net.BdbServerCache'],
  description:
    'What the crawl knows of each host and server: the address DNS gave and when, robots.txt and when it was fetched. ' +
    'Held in memory; with a state store, the hosts changed since the last commit go into it with each commit (robots.txt ' +
    'as its text, parsed again on resume), so that a resumed crawl neither looks hosts up nor fetches robots.txt again ' +
    'while what it knew is still valid. A new run starts it empty.',
  kinds: ['ServerCache'],
  props: {},
  refs: {
    stateStore: { kind: 'StateStore', autowire: true, description: 'Where what is known of each host is kept; without one it is held in memory only.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./memory-server-cache.js')).MemoryServerCache,
});
