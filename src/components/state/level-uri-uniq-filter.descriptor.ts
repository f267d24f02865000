import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

export const levelUriUniqFilterComponent = defineComponent({
  name: 'LevelUriUniqFilter',
  aliases: ['BdbUriUniqFilter', 'org.archive.crawler.util.BdbUriUniqFilter'],
  description:
    '"Seen before?" by canonical key: answered from 53-bit fingerprints in memory (about 16 bytes a URI), every new ' +
    'fingerprint also written to the state store in batches. Each launch starts it empty (resuming a run comes with crash safety).',
  kinds: ['UriUniqFilter'],
  props: {
    batchSize: { type: 'integer', default: 10000, minimum: 1, description: 'New keys written to the state store in batches of this many.' },
  },
  refs: {
    stateStore: { kind: 'StateStore', required: true, autowire: true, description: 'Where the keys are kept.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./level-uri-uniq-filter.js')).LevelUriUniqFilter,
});
