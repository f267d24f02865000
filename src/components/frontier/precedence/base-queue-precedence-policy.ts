import { defineComponent, type ComponentClass, type ConfigOf } from '../../../beans/registry/component-descriptor.js';
import { Configurable } from '../../../model/configurable.js';
import type { CrawlUri } from '../../../model/crawl-uri.js';
import type { PrecedenceQueue, QueuePrecedencePolicy } from '../../../model/precedence-policies.js';

const BASE_PRECEDENCE = {
  type: 'integer', default: 3, overlayable: true,
  description: 'The precedence of each queue (lower is served first); 3 leaves room for a sheet to put some sites before the rest. ' +
    'Read as the URI that made the queue, or was last done in it, sees it.',
} as const;

export const baseQueuePrecedencePolicyComponent = defineComponent({
  name: 'BaseQueuePrecedencePolicy',
  aliases: ['org.archive.crawler.frontier.precedence.BaseQueuePrecedencePolicy'],
  description: 'Every queue gets the same precedence (basePrecedence), unless a sheet sets another for some sites. The frontier\'s default.',
  kinds: ['QueuePrecedencePolicy'],
  props: { basePrecedence: BASE_PRECEDENCE },
  load: async (): Promise<ComponentClass> => BaseQueuePrecedencePolicy,
});

export { BASE_PRECEDENCE };

/** Heritrix's BaseQueuePrecedencePolicy. */
export class BaseQueuePrecedencePolicy extends Configurable<typeof baseQueuePrecedencePolicyComponent> implements QueuePrecedencePolicy {
  readonly tracksUriPrecedences = false;

  constructor(config: ConfigOf<typeof baseQueuePrecedencePolicyComponent> = { basePrecedence: 3 }) {
    super(config);
  }

  precedenceOf(_queue: PrecedenceQueue, curi: CrawlUri | undefined): number {
    // A queue restored from the store has no URI in hand yet: the base value.
    return (curi ? this.configFor(curi) : this.configForNoUri()).basePrecedence;
  }
}
