import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';
import type { tooManyHopsDecideRuleComponent } from './too-many-hops-decide-rule.descriptor.js';

/** Heritrix's TooManyHopsDecideRule: its decision (REJECT) when the hops path is longer than `maxHops`. */
export class TooManyHopsDecideRule extends PredicatedDecideRule {
  constructor(override readonly config: ConfigOf<typeof tooManyHopsDecideRuleComponent>) {
    super(config);
  }

  protected evaluate(curi: CrawlUri): boolean {
    return curi.hopCount > this.config.maxHops;
  }
}
