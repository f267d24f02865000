import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

export const transclusionDecideRuleComponent = defineComponent({
  name: 'TransclusionDecideRule',
  aliases: ['org.archive.modules.deciderules.TransclusionDecideRule'],
  description:
    'Accepts what a page needs to be seen (embeds, redirects, prerequisites) even off-site: URIs whose hops path ' +
    'ends in 1 to `maxTransHops` hops other than L, counting back to the last L, M or S hop (or the seed). R hops ' +
    'do not count toward the limit; more than `maxSpeculativeHops` X hops disqualify.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('ACCEPT'),
    maxTransHops: { type: 'integer', default: 2, minimum: 0, overlayable: true, description: 'The most trailing hops other than L (R hops ' +
      'excepted) a URI may have to be accepted.' },
    maxSpeculativeHops: { type: 'integer', default: 1, minimum: 0, overlayable: true, description: 'The most speculative (X) hops among those trailing hops.' },
  },
  load: async (): Promise<ComponentClass> => TransclusionDecideRule,
});

const LINK = 'L'.charCodeAt(0);

const MANIFEST = 'M'.charCodeAt(0);

const SUBMIT = 'S'.charCodeAt(0);

const REFER = 'R'.charCodeAt(0);

const SPECULATIVE = 'X'.charCodeAt(0);

/**
 * Heritrix's TransclusionDecideRule. Walks the hops path back from its end to the last hop that
 * navigates (L, M sitemap, S form submit) or to the seed: there must be at least one hop, at
 * most `maxTransHops` of them other than R, and at most `maxSpeculativeHops` X hops.
 */
export class TransclusionDecideRule extends PredicatedDecideRule<typeof transclusionDecideRuleComponent> {
  protected evaluate(curi: CrawlUri, c: ConfigOf<typeof transclusionDecideRuleComponent>): boolean {
    const path = curi.hopsPath;
    const { maxTransHops, maxSpeculativeHops } = c;
    let hops = 0;
    let counted = 0;
    let speculative = 0;
    for (let i = path.length - 1; i >= 0; i--) {
      const c = path.charCodeAt(i);
      if (c === LINK || c === MANIFEST || c === SUBMIT) break;
      hops++;
      if (c !== REFER && ++counted > maxTransHops) return false;
      if (c === SPECULATIVE && ++speculative > maxSpeculativeHops) return false;
    }
    return hops > 0;
  }
}
