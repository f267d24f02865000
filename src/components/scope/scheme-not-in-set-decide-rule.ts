import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';
import type { schemeNotInSetDecideRuleComponent } from './scheme-not-in-set-decide-rule.descriptor.js';

/** Heritrix's SchemeNotInSetDecideRule: its decision (REJECT) when the URI's scheme is not listed. */
export class SchemeNotInSetDecideRule extends PredicatedDecideRule<typeof schemeNotInSetDecideRuleComponent> {
  readonly #schemes: ReadonlySet<string>;

  constructor(config: ConfigOf<typeof schemeNotInSetDecideRuleComponent>) {
    super(config);
    this.#schemes = new Set(config.schemes.map((s) => s.toLowerCase()));
  }

  protected evaluate(curi: CrawlUri): boolean {
    const colon = curi.uri.indexOf(':');
    if (colon <= 0) return true;
    const scheme = curi.uri.slice(0, colon);
    return !this.#schemes.has(scheme) && !this.#schemes.has(scheme.toLowerCase());
  }
}
