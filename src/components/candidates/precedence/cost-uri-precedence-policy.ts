import { defineComponent, type ComponentClass } from '../../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../../model/crawl-uri.js';
import type { UriPrecedencePolicy } from '../../../model/precedence-policies.js';

export const costUriPrecedencePolicyComponent = defineComponent({
  name: 'CostUriPrecedencePolicy',
  aliases: ['org.archive.crawler.frontier.precedence.CostUriPrecedencePolicy'],
  description:
    'A URI\'s precedence within its queue is its cost (the preparer\'s costAssignmentPolicy): cheaper URIs go first. ' +
    'The preparer\'s default; under the default UnitCostAssignmentPolicy every URI has precedence 1, so a queue keeps the order found.',
  kinds: ['UriPrecedencePolicy'],
  props: {},
  load: async (): Promise<ComponentClass> => CostUriPrecedencePolicy,
});

/** Heritrix's CostUriPrecedencePolicy. */
export class CostUriPrecedencePolicy implements UriPrecedencePolicy {
  uriScheduled(curi: CrawlUri): void {
    curi.precedence = curi.cost;
  }
}
