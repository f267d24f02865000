import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import { NO_LIMIT, BODY } from './fetch-result-decide-rules-props.js';
import { Configurable } from '../../model/configurable.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';

export const contentLengthDecideRuleComponent = defineComponent({
  name: 'ContentLengthDecideRule',
  aliases: ['org.archive.modules.deciderules.ContentLengthDecideRule'],
  description: `Accepts URIs when ${BODY} is below \`contentLengthThreshold\` and rejects the others; a URI not fetched counts 0 bytes. Typically ` +
    `a processor's \`shouldProcessRule\`.`,
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    contentLengthThreshold: {
      type: 'integer', default: NO_LIMIT, minimum: 0, overlayable: true,
      description: `Bodies of this many bytes or more are rejected. The default (${NO_LIMIT}, for Heritrix's 2^63) accepts everything.`,
    },
  },
  load: async (): Promise<ComponentClass> => ContentLengthDecideRule,
});

/** The body length Heritrix's CrawlURI.getContentLength gives: bytes received, 0 when nothing was fetched. */
export function contentLengthOf(curi: CrawlUri): number {
  return Math.max(curi.contentSize, 0);
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
