import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';
import type { tooManyHopsDecideRuleComponent } from './too-many-hops-decide-rule.descriptor.js';

/** Heritrix's TooManyHopsDecideRule: its decision (REJECT) when the hops path is longer than `maxHops`. */
export class TooManyHopsDecideRule extends PredicatedDecideRule<typeof tooManyHopsDecideRuleComponent> {
  protected evaluate(curi: CrawlUri, c: ConfigOf<typeof tooManyHopsDecideRuleComponent>): boolean {
    return curi.hopCount > c.maxHops;
  }
}
