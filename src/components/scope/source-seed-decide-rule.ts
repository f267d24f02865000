import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { normalizeUrl } from '../../util/url/normalize-url.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

export const sourceSeedDecideRuleComponent = defineComponent({
  name: 'SourceSeedDecideRule',
  aliases: ['org.archive.modules.deciderules.SourceSeedDecideRule'],
  description:
    'Gives its decision to URIs reached from one of `sourceSeeds`, by their source tag. Only URIs the seed module tags ' +
    '(its `sourceTagSeeds`) carry one; without tags the rule never applies.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('ACCEPT'),
    sourceSeeds: {
      type: 'array', items: { type: 'string' }, default: [],
      description: 'Seed URLs as the seed list gives them; each also counts in its normalised form (`http://example.org` as `http://example.org/`).',
      examples: [['http://example.org/', 'https://www.example.com/news/']],
    },
  },
  load: async (): Promise<ComponentClass> => SourceSeedDecideRule,
});

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
