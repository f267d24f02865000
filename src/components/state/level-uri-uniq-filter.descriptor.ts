import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

export const levelUriUniqFilterComponent = defineComponent({
  name: 'LevelUriUniqFilter',
  aliases: ['BdbUriUniqFilter', 'org.archive.crawler.util.BdbUriUniqFilter'],
  description:
    '"Seen before?" by canonical key: answered from 53-bit fingerprints in memory (about 16 bytes a URI); new ' +
    'fingerprints go to the state store with each commit, so a resumed run knows every URI it had seen. A new run starts it empty.',
  kinds: ['UriUniqFilter'],
  props: {
    batchSize: { type: 'integer', default: 10000, minimum: 1, description: 'At most this many fingerprints are packed into one stored record.' },
  },
  refs: {
    stateStore: { kind: 'StateStore', required: true, autowire: true, description: 'Where the keys are kept.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./level-uri-uniq-filter.js')).LevelUriUniqFilter,
});
