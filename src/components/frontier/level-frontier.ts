import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { levelFrontierComponent } from './level-frontier.descriptor.js';
import { LevelQueueJournal } from './level-queue-journal.js';
import { WorkQueueFrontier } from './work-queue-frontier.js';

/**
 * The work-queue frontier kept in the state store: every queued URI is stored until it is done,
 * so a launch after a crash takes up every URI that was queued or in flight; memory holds at most
 * `maxUrisInMemory` of them.
 */
export class LevelFrontier extends WorkQueueFrontier {
  #started = false;

  constructor(readonly levelConfig: ConfigOf<typeof levelFrontierComponent>) {
    super(levelConfig, new LevelQueueJournal(levelConfig.stateStore), levelConfig.maxUrisInMemory);
  }

  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    await this.restore();
    this.levelConfig.stateStore.participate({ stage: () => this.stage() });
  }

  stop(): void {
    this.close();
  }
}
