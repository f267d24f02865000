import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { surtPrefixedDecideRuleComponent } from './surt-prefixed-decide-rule.descriptor.js';
import { SurtPrefixedDecideRule } from './surt-prefixed-decide-rule.js';

/** Heritrix's NotSurtPrefixedDecideRule: its decision for URIs no prefix covers (every URI while the set is empty). */
export class NotSurtPrefixedDecideRule extends SurtPrefixedDecideRule {
  protected override evaluate(curi: CrawlUri, c: ConfigOf<typeof surtPrefixedDecideRuleComponent>): boolean {
    return !super.evaluate(curi, c);
  }
}
