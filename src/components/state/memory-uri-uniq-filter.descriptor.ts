import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

export const memoryUriUniqFilterComponent = defineComponent({
  name: 'MemoryUriUniqFilter',
  aliases: ['BloomUriUniqFilter', 'org.archive.crawler.util.BloomUriUniqFilter'],
  description: '"Seen before?" by canonical key, in memory only: 53-bit fingerprints in one table (about 16 bytes a URI). Nothing survives the process.',
  kinds: ['UriUniqFilter'],
  props: {},
  load: async (): Promise<ComponentClass> => (await import('./memory-uri-uniq-filter.js')).MemoryUriUniqFilter,
});
