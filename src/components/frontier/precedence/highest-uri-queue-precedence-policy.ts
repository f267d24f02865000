import { defineComponent, type ComponentClass, type ConfigOf } from '../../../beans/registry/component-descriptor.js';
import { Configurable } from '../../../model/configurable.js';
import type { CrawlUri } from '../../../model/crawl-uri.js';
import type { PrecedenceQueue, QueuePrecedencePolicy } from '../../../model/precedence-policies.js';
import { BASE_PRECEDENCE } from './base-queue-precedence-policy.js';

export const highestUriQueuePrecedencePolicyComponent = defineComponent({
  name: 'HighestUriQueuePrecedencePolicy',
  aliases: ['org.archive.crawler.frontier.precedence.HighestUriQueuePrecedencePolicy'],
  description:
    'A queue\'s precedence is basePrecedence plus the lowest precedence among the URIs waiting in it: the queue holding ' +
    'the most urgent URIs (as the preparer\'s uriPrecedencePolicy ranks them) is served first.',
  kinds: ['QueuePrecedencePolicy'],
  props: { basePrecedence: BASE_PRECEDENCE },
  load: async (): Promise<ComponentClass> => HighestUriQueuePrecedencePolicy,
});

/** Heritrix's HighestUriQueuePrecedencePolicy. */
export class HighestUriQueuePrecedencePolicy extends Configurable<typeof highestUriQueuePrecedencePolicyComponent> implements QueuePrecedencePolicy {
  readonly tracksUriPrecedences = true;

  constructor(config: ConfigOf<typeof highestUriQueuePrecedencePolicyComponent>) {
    super(config);
  }

  precedenceOf(queue: PrecedenceQueue, curi: CrawlUri | undefined): number {
    const base = (curi ? this.configFor(curi) : this.configForNoUri()).basePrecedence;
    return base + (queue.lowestUriPrecedence() ?? 0);
  }
}
