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
export class ContentLengthDecideRule implements DecideRule {
  /** The bean id (set by the container), for sheets. */
  beanName = '';

  constructor(readonly config: ConfigOf<typeof contentLengthDecideRuleComponent>) {}

  decisionFor(curi: CrawlUri): DecideResult {
    if (!(curi.overlay ? curi.configFor(this.beanName, this.config).enabled : this.config.enabled)) return DecideResult.NONE;
    return contentLengthOf(curi) < this.config.contentLengthThreshold ? DecideResult.ACCEPT : DecideResult.REJECT;
  }
}
