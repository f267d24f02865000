import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { validateRegexes } from './regex-issues.js';
import { regexAliases, HOPS_PROPS } from './regex-decide-rules-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { MatchesRegexDecideRule } from './matches-regex-decide-rule.js';

export const hopsPathMatchesRegexDecideRuleComponent = defineComponent({
  name: 'HopsPathMatchesRegexDecideRule',
  aliases: regexAliases('HopsPathMatchesRegexDecideRule'),
  description: 'Gives its decision to URIs whose hops path (how they were reached from a seed: `L` link, `E` embed, `X` speculative, `R` redirect, ' +
    '`P` prerequisite…) `regex` matches.',
  kinds: ['DecideRule'],
  props: HOPS_PROPS,
  validate: validateRegexes('regex'),
  load: async (): Promise<ComponentClass> => HopsPathMatchesRegexDecideRule,
});

/** Heritrix's HopsPathMatchesRegexDecideRule: its decision when `regex` matches the whole hops path (`LLE`, `LRX`; '' for a seed). */
export class HopsPathMatchesRegexDecideRule extends MatchesRegexDecideRule {
  protected override subject(curi: CrawlUri): string {
    return curi.hopsPath;
  }
}
