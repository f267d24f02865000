import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { levelFrontierComponent } from './level-frontier.descriptor.js';
import { LevelQueueSpill } from './level-queue-spill.js';
import type { QueueSpill } from './queue-spill.js';
import { WorkQueueFrontier } from './work-queue-frontier.js';

/** The work-queue frontier spilling to the state store. */
export class LevelFrontier extends WorkQueueFrontier {
  constructor(readonly levelConfig: ConfigOf<typeof levelFrontierComponent>) {
    super(levelConfig, lazySpill(levelConfig), levelConfig.maxUrisInMemory);
  }

  async start(): Promise<void> {
    // A fresh run starts from empty queues; resuming an interrupted one comes with crash safety.
    await this.levelConfig.stateStore.sublevel('queues').clear();
  }

  async stop(): Promise<void> {
    await this.close();
  }
}

/** The spill opens its sublevel on first use, after the state store has started. */
function lazySpill(config: ConfigOf<typeof levelFrontierComponent>): QueueSpill {
  let spill: LevelQueueSpill | undefined;
  const get = () => (spill ??= new LevelQueueSpill(config.stateStore.sublevel('queues')));
  return { write: (k, items) => get().write(k, items), take: (k, n) => get().take(k, n), flush: () => (spill ? spill.flush() : Promise.resolve()) };
}
