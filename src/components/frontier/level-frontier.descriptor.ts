import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { FRONTIER_PROPS, FRONTIER_REFS } from './frontier-props.js';

export const levelFrontierComponent = defineComponent({
  name: 'LevelFrontier',
  aliases: ['BdbFrontier', 'org.archive.crawler.frontier.BdbFrontier'],
  description:
    'Heritrix\'s work-queue frontier with queued URIs on disk: beyond `maxUrisInMemory`, the newest URIs of a queue go to ' +
    'the state store and come back in order, a chunk at a time, so memory stays flat however large the frontier grows.',
  kinds: ['Frontier'],
  props: {
    ...FRONTIER_PROPS,
    maxUrisInMemory: { type: 'integer', default: 50000, minimum: 0, description: 'Queued URIs kept in memory (besides each queue\'s next chunk); the rest wait on disk.' },
  },
  refs: {
    ...FRONTIER_REFS,
    stateStore: { kind: 'StateStore', required: true, autowire: true, description: 'Where queued URIs wait.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./level-frontier.js')).LevelFrontier,
});
