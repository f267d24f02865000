import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { levelFrontierComponent } from './level-frontier.descriptor.js';
import type { StateStore } from '../../model/state-store.js';
import { LevelQueueJournal } from './level-queue-journal.js';
import { WorkQueueFrontier } from './work-queue-frontier.js';

/**
 * The work-queue frontier kept in the state store: every queued URI is stored until it is done,
 * so a launch after a crash takes up every URI that was queued or in flight; memory holds at most
 * `maxUrisInMemory` of them.
 */
export class LevelFrontier extends WorkQueueFrontier {
  #started = false;
  readonly #stateStore: StateStore;

  constructor(config: ConfigOf<typeof levelFrontierComponent>) {
    super(config, new LevelQueueJournal(config.stateStore), config.maxUrisInMemory);
    this.#stateStore = config.stateStore;
  }

  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    await this.restore();
    this.#stateStore.participate({ stage: () => this.stage() });
  }

  stop(): void {
    this.close();
  }
}
