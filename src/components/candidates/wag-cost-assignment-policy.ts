import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { CostAssignmentPolicy } from '../../model/uri-policies.js';

export const wagCostAssignmentPolicyComponent = defineComponent({
  name: 'WagCostAssignmentPolicy',
  aliases: ['org.archive.crawler.frontier.WagCostAssignmentPolicy'],
  description:
    'A "wild-ass guess" at how skippable a URI is: 1, plus 1 when it has a query string, plus 1 more when the URI it was ' +
    'found on starts with the same part before the `?` (a page linking to variants of itself). Such URIs use up a queue\'s ' +
    'budgets sooner.',
  kinds: ['CostAssignmentPolicy'],
  props: {},
  load: async (): Promise<ComponentClass> => WagCostAssignmentPolicy,
});

/** Heritrix's WagCostAssignmentPolicy. */
export class WagCostAssignmentPolicy implements CostAssignmentPolicy {
  costOf(curi: CrawlUri): number {
    const q = curi.uri.indexOf('?');
    if (q < 0) return 1;
    // Heritrix compares the via's text with the part before the query as text, not as parsed URIs.
    return (curi.via ?? '').startsWith(curi.uri.slice(0, q)) ? 3 : 2;
  }
}
