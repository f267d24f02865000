import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

export const levelStateStoreComponent = defineComponent({
  name: 'LevelStateStore',
  aliases: ['BdbModule', 'org.archive.bdb.BdbModule'],
  description:
    'The crawl\'s durable state on disk (classic-level, one folder per job): queued and in-flight URIs, the uniq filter, ' +
    'queue budgets, statistics and where the logs and WARC files stood. Changes are committed together, atomically, every ' +
    '`commitIntervalMs`: a crash costs at most re-doing the URIs finished since the last commit, and the next launch resumes. ' +
    'Heritrix\'s BdbModule settings other than `dir` are accepted and ignored.',
  kinds: ['StateStore'],
  props: {
    dir: { type: 'string', default: 'state', path: true, minLength: 1, description: 'The folder, relative to the job folder.' },
    commitIntervalMs: { type: 'integer', default: 25, minimum: 5, maximum: 60000, description: 'Milliseconds between commits: how much finished work a crash can make the crawl re-do.' },
    syncCommits: { type: 'boolean', default: false, description: 'Have each commit reach the disk (fsync) before it counts: survives a power cut, not only a crash of the process, at some cost in speed.' },
    cachePercent: { type: 'integer', default: -1, description: 'Accepted for Heritrix files; ignored.' },
    useSharedCache: { type: 'boolean', default: true, description: 'Accepted for Heritrix files; ignored.' },
    expectedConcurrency: { type: 'integer', default: 64, description: 'Accepted for Heritrix files; ignored.' },
    useHardLinkCheckpoints: { type: 'boolean', default: true, description: 'Accepted for Heritrix files; ignored.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./level-state-store.js')).LevelStateStore,
});
