import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { memoryFrontierComponent } from './memory-frontier.descriptor.js';
import { WorkQueueFrontier } from './work-queue-frontier.js';

/** The work-queue frontier, all in memory. */
export class MemoryFrontier extends WorkQueueFrontier {
  constructor(config: ConfigOf<typeof memoryFrontierComponent>) {
    super(config);
  }

  stop(): void {
    this.close();
  }
}
