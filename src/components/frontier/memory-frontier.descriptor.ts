import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { FRONTIER_PROPS, FRONTIER_REFS } from './frontier-props.js';

export const memoryFrontierComponent = defineComponent({
  name: 'MemoryFrontier',
  description: 'Heritrix\'s work-queue frontier with every queued URI in memory: fastest, for crawls that fit in memory and need not survive a crash.',
  kinds: ['Frontier'],
  props: FRONTIER_PROPS,
  refs: FRONTIER_REFS,
  load: async (): Promise<ComponentClass> => (await import('./memory-frontier.js')).MemoryFrontier,
});
