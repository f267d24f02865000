import type { CrawlUri } from '../../model/crawl-uri.js';
import { SurtPrefixedDecideRule } from './surt-prefixed-decide-rule.js';

/** Heritrix's NotSurtPrefixedDecideRule: its decision for URIs no prefix covers (every URI while the set is empty). */
export class NotSurtPrefixedDecideRule extends SurtPrefixedDecideRule {
  protected override evaluate(curi: CrawlUri): boolean {
    return !super.evaluate(curi);
  }
}
