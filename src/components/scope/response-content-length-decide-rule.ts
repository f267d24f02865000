import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { responseContentLengthDecideRuleComponent } from './fetch-result-decide-rules.descriptor.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

/** Heritrix's ResponseContentLengthDecideRule: its decision for fetched URIs whose body length lies within [lowerBound, upperBound]. */
export class ResponseContentLengthDecideRule extends PredicatedDecideRule {
  constructor(override readonly config: ConfigOf<typeof responseContentLengthDecideRuleComponent>) {
    super(config);
  }

  protected evaluate(curi: CrawlUri): boolean {
    const size = curi.contentSize;
    return curi.fetchBeginTime > 0 && size >= 0 && size >= this.config.lowerBound && size <= this.config.upperBound;
  }
}
