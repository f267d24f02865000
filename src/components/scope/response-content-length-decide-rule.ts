import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { responseContentLengthDecideRuleComponent } from './fetch-result-decide-rules.descriptor.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

/** Heritrix's ResponseContentLengthDecideRule: its decision for fetched URIs whose body length lies within [lowerBound, upperBound]. */
export class ResponseContentLengthDecideRule extends PredicatedDecideRule<typeof responseContentLengthDecideRuleComponent> {
  protected evaluate(curi: CrawlUri, c: ConfigOf<typeof responseContentLengthDecideRuleComponent>): boolean {
    const size = curi.contentSize;
    return curi.fetchBeginTime > 0 && size >= 0 && size >= c.lowerBound && size <= c.upperBound;
  }
}
