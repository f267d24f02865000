import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { FRONTIER_PROPS, FRONTIER_REFS, validateLocalFrontier } from '../../model/frontier-props.js';
import { WorkQueueFrontier } from './work-queue-frontier.js';

export const memoryFrontierComponent = defineComponent({
  name: 'MemoryFrontier',
  description: 'Heritrix\'s work-queue frontier with every queued URI in memory: fastest, for crawls that fit in memory and need not survive a crash.',
  kinds: ['Frontier'],
  props: FRONTIER_PROPS,
  refs: FRONTIER_REFS,
  validate: validateLocalFrontier,
  load: async (): Promise<ComponentClass> => MemoryFrontier,
});

/** The work-queue frontier, all in memory. */
export class MemoryFrontier extends WorkQueueFrontier {
  constructor(config: ConfigOf<typeof memoryFrontierComponent>) {
    super(config);
  }

  stop(): void {
    this.close();
  }
}
