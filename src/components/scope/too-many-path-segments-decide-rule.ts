import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

export const tooManyPathSegmentsDecideRuleComponent = defineComponent({
  name: 'TooManyPathSegmentsDecideRule',
  aliases: ['org.archive.modules.deciderules.TooManyPathSegmentsDecideRule'],
  description: 'Rejects URIs whose path (without the query) holds more than `maxPathDepth` \'/\' characters.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('REJECT'),
    maxPathDepth: { type: 'integer', default: 20, minimum: 0, overlayable: true, description: 'The most \'/\' characters a URI\'s path may hold.' },
  },
  load: async (): Promise<ComponentClass> => TooManyPathSegmentsDecideRule,
});

const SLASH = 0x2f;

const QUESTION = 0x3f;

const HASH = 0x23;

/** Heritrix's TooManyPathSegmentsDecideRule: its decision (REJECT) when the path has more than `maxPathDepth` slashes. */
export class TooManyPathSegmentsDecideRule extends PredicatedDecideRule<typeof tooManyPathSegmentsDecideRuleComponent> {
  protected evaluate(curi: CrawlUri, c: ConfigOf<typeof tooManyPathSegmentsDecideRuleComponent>): boolean {
    const uri = curi.uri;
    const max = c.maxPathDepth;
    let count = 0;
    for (let i = pathStart(uri); i < uri.length; i++) {
      const c = uri.charCodeAt(i);
      if (c === QUESTION || c === HASH) break;
      if (c === SLASH && ++count > max) return true;
    }
    return false;
  }
}

/**
 * Where the path of a hierarchical URI starts (the first '/' after the authority), or the end of
 * the string when it has none; opaque URIs (`dns:`, `mailto:`) have no path.
 */
function pathStart(uri: string): number {
  const authority = uri.indexOf('://');
  if (authority < 0) return uri.length;
  for (let i = authority + 3; i < uri.length; i++) {
    const c = uri.charCodeAt(i);
    if (c === SLASH) return i;
    if (c === QUESTION || c === HASH) return uri.length;
  }
  return uri.length;
}
