import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { FRONTIER_PROPS, FRONTIER_REFS, validateLocalFrontier } from '../../model/frontier-props.js';
import type { StateStore } from '../../model/state-store.js';
import { LevelQueueJournal } from './level-queue-journal.js';
import { WorkQueueFrontier } from './work-queue-frontier.js';

export const levelFrontierComponent = defineComponent({
  name: 'LevelFrontier',
  aliases: ['BdbFrontier', 'org.archive.crawler.frontier.BdbFrontier'],
  description:
    'Heritrix\'s work-queue frontier with queued URIs on disk: beyond `maxUrisInMemory`, the newest URIs of a queue go to ' +
    'the state store and come back in order, a chunk at a time, so memory stays flat however large the frontier grows.',
  kinds: ['Frontier'],
  props: {
    ...FRONTIER_PROPS,
    maxUrisInMemory: { type: 'integer', default: 50000, minimum: 0, description: 'Queued URIs kept in memory; the rest wait on disk. ' +
      'Besides them, each queue holds the next of its URIs read back from disk: this allowance shared among the queues not retired, ' +
      '10 to 100 a queue (so a crawl of 10,000 hosts holds at most 10 of each host\'s URIs read back, not 100).' },
  },
  refs: {
    ...FRONTIER_REFS,
    stateStore: { kind: 'StateStore', required: true, autowire: true, description: 'Where queued URIs wait.' },
  },
  validate: validateLocalFrontier,
  load: async (): Promise<ComponentClass> => LevelFrontier,
});

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
