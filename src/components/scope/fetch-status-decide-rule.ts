import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { fetchStatusDecideRuleComponent } from './fetch-result-decide-rules.descriptor.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

/** Heritrix's FetchStatusDecideRule: its decision for URIs whose fetch status is one of `statusCodes`. */
export class FetchStatusDecideRule extends PredicatedDecideRule<typeof fetchStatusDecideRuleComponent> {
  readonly #codes: ReadonlySet<number>;

  constructor(config: ConfigOf<typeof fetchStatusDecideRuleComponent>) {
    super(config);
    this.#codes = new Set(config.statusCodes);
  }

  protected evaluate(curi: CrawlUri): boolean {
    return this.#codes.has(curi.fetchStatus);
  }
}
