import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

export const levelStateStoreComponent = defineComponent({
  name: 'LevelStateStore',
  aliases: ['BdbModule', 'org.archive.bdb.BdbModule'],
  description:
    'The crawl\'s durable state on disk (classic-level, one folder per job): frontier queues that do not fit in memory, ' +
    'the uniq filter, and later fetch history. Heritrix\'s BdbModule settings other than `dir` are accepted and ignored.',
  kinds: ['StateStore'],
  props: {
    dir: { type: 'string', default: 'state', path: true, minLength: 1, description: 'The folder, relative to the job folder.' },
    cachePercent: { type: 'integer', default: -1, description: 'Accepted for Heritrix files; ignored.' },
    useSharedCache: { type: 'boolean', default: true, description: 'Accepted for Heritrix files; ignored.' },
    expectedConcurrency: { type: 'integer', default: 64, description: 'Accepted for Heritrix files; ignored.' },
    useHardLinkCheckpoints: { type: 'boolean', default: true, description: 'Accepted for Heritrix files; ignored.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./level-state-store.js')).LevelStateStore,
});
