import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';
import type { transclusionDecideRuleComponent } from './transclusion-decide-rule.descriptor.js';

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
