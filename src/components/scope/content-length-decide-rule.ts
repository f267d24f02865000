import { Configurable } from '../../model/configurable.js';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';
import type { contentLengthDecideRuleComponent } from './fetch-result-decide-rules.descriptor.js';

/** The body length Heritrix's CrawlURI.getContentLength gives: bytes received, 0 when nothing was fetched. */
export function contentLengthOf(curi: CrawlUri): number {
  return curi.contentSize < 0 ? 0 : curi.contentSize;
}

/**
 * Heritrix's ContentLengthDecideRule: ACCEPT when the body is shorter than
 * `contentLengthThreshold`, REJECT otherwise; NONE only when disabled.
 */
export class ContentLengthDecideRule extends Configurable<typeof contentLengthDecideRuleComponent> implements DecideRule {
  decisionFor(curi: CrawlUri): DecideResult {
    const c = this.configFor(curi);
    if (!c.enabled) return DecideResult.NONE;
    return contentLengthOf(curi) < c.contentLengthThreshold ? DecideResult.ACCEPT : DecideResult.REJECT;
  }
}
