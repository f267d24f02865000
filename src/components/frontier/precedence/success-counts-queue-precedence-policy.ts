import { defineComponent, type ComponentClass, type ConfigOf } from '../../../beans/registry/component-descriptor.js';
import { Configurable } from '../../../model/configurable.js';
import type { CrawlUri } from '../../../model/crawl-uri.js';
import type { PrecedenceQueue, QueuePrecedencePolicy } from '../../../model/precedence-policies.js';
import { BASE_PRECEDENCE } from './base-queue-precedence-policy.js';

export const successCountsQueuePrecedencePolicyComponent = defineComponent({
  name: 'SuccessCountsQueuePrecedencePolicy',
  aliases: ['org.archive.crawler.frontier.precedence.SuccessCountsQueuePrecedencePolicy'],
  description:
    'A queue\'s precedence starts at basePrecedence and rises by one each time its successful fetches pass the next of ' +
    'incrementCounts (the last repeating): queues that have given much wait behind those that have given little.',
  kinds: ['QueuePrecedencePolicy'],
  props: {
    basePrecedence: BASE_PRECEDENCE,
    incrementCounts: {
      type: 'string', default: '100,1000', overlayable: true, pattern: '^\\s*[1-9][0-9]*(\\s*,\\s*[1-9][0-9]*)*\\s*$',
      description: 'Comma-separated success counts at which the precedence goes up by one: `100,1000` bumps it at 100 successes, then every 1000 more.',
    },
  },
  load: async (): Promise<ComponentClass> => SuccessCountsQueuePrecedencePolicy,
});

/** Heritrix's SuccessCountsQueuePrecedencePolicy. */
export class SuccessCountsQueuePrecedencePolicy extends Configurable<typeof successCountsQueuePrecedencePolicyComponent> implements QueuePrecedencePolicy {
  readonly tracksUriPrecedences = false;
  /** incrementCounts parsed, by its text (a sheet may set another). */
  readonly #parsed = new Map<string, number[]>();

  constructor(config: ConfigOf<typeof successCountsQueuePrecedencePolicyComponent>) {
    super(config);
  }

  precedenceOf(queue: PrecedenceQueue, curi: CrawlUri | undefined): number {
    const { basePrecedence, incrementCounts } = curi ? this.configFor(curi) : this.configForNoUri();
    return basePrecedence + bumps(queue.successes, this.#increments(incrementCounts));
  }

  #increments(text: string): number[] {
    let out = this.#parsed.get(text);
    if (!out) {
      out = text.split(',').map((s) => Number.parseInt(s.trim(), 10)).filter((n) => n > 0);
      if (out.length === 0) out = [Infinity];
      this.#parsed.set(text, out);
    }
    return out;
  }
}

/** How many thresholds `successes` has reached: the first increment, then each next one (the last repeating). */
export function bumps(successes: number, increments: readonly number[]): number {
  let n = 0;
  let left = successes;
  for (let i = 0; ; i++) {
    const step = increments[Math.min(i, increments.length - 1)];
    left -= step;
    if (left < 0) return n;
    n++;
  }
}
