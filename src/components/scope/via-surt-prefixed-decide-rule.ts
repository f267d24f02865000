import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { SurtPrefixSet } from '../../util/url/surt-prefix-set.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';
import type { viaSurtPrefixedDecideRuleComponent } from './surt-variant-decide-rules.descriptor.js';

/** Heritrix's ViaSurtPrefixedDecideRule: its decision for URIs found on a page (their via) that `surtPrefixes` covers. */
export class ViaSurtPrefixedDecideRule extends PredicatedDecideRule<typeof viaSurtPrefixedDecideRuleComponent> {
  readonly #prefixes = new SurtPrefixSet();

  constructor(config: ConfigOf<typeof viaSurtPrefixedDecideRuleComponent>) {
    super(config);
    for (const entry of config.surtPrefixes) this.#prefixes.considerAsAddDirective(entry.trim().replace(/^\+/, ''));
  }

  protected evaluate(curi: CrawlUri): boolean {
    return curi.via !== undefined && this.#prefixes.size > 0 && this.#prefixes.coversUrl(curi.via);
  }
}
