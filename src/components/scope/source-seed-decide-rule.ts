import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { normalizeUrl } from '../../util/url/normalize-url.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';
import type { sourceSeedDecideRuleComponent } from './uri-fact-decide-rules.descriptor.js';

/**
 * Heritrix's SourceSeedDecideRule: its decision for URIs whose source tag (the seed they were
 * reached from, set when the seed module tags sources) is one of `sourceSeeds`. Each entry is
 * also taken in its normalised form, since tags are normalised seeds (`http://example.org` is
 * tagged `http://example.org/`).
 */
export class SourceSeedDecideRule extends PredicatedDecideRule<typeof sourceSeedDecideRuleComponent> {
  readonly #seeds = new Set<string>();

  constructor(config: ConfigOf<typeof sourceSeedDecideRuleComponent>) {
    super(config);
    for (const seed of config.sourceSeeds) {
      this.#seeds.add(seed);
      const normal = normalizeUrl(seed.trim());
      if (normal !== null) this.#seeds.add(normal);
    }
  }

  protected evaluate(curi: CrawlUri): boolean {
    return curi.sourceTag !== undefined && this.#seeds.has(curi.sourceTag);
  }
}
