import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import { Configurable } from '../../model/configurable.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';

export const pathologicalPathDecideRuleComponent = defineComponent({
  name: 'PathologicalPathDecideRule',
  aliases: ['org.archive.modules.deciderules.PathologicalPathDecideRule'],
  description:
    'Rejects URIs in which a path segment, or a run of segments, repeats consecutively more than `maxRepetitions` ' +
    'times (`/a/a/a/x` with the default 2): the mark of relative links looping into a crawler trap. Matches what ' +
    'Heritrix\'s regular expression `.*?/(.*?/)\\1{n,}.*` matches, by a scan of the segments.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    maxRepetitions: { type: 'integer', default: 2, minimum: 1, overlayable: true, description: 'How many times in a row a segment (or a run of ' +
      'segments) may appear; more is rejected.' },
  },
  load: async (): Promise<ComponentClass> => PathologicalPathDecideRule,
});

/** Heritrix's PathologicalPathDecideRule: REJECT when segments repeat more than `maxRepetitions` times in a row. */
export class PathologicalPathDecideRule extends Configurable<typeof pathologicalPathDecideRuleComponent> implements DecideRule {
  decisionFor(curi: CrawlUri): DecideResult {
    const c = this.configFor(curi);
    if (!c.enabled) return DecideResult.NONE;
    return hasRepeatedSegments(curi.uri, c.maxRepetitions) ? DecideResult.REJECT : DecideResult.NONE;
  }

  onlyDecision(): DecideResult {
    return DecideResult.REJECT;
  }
}

/**
 * True when Heritrix's `.*?/(.*?/)\1{max,}.*` matches: some run X of `/`-terminated segments,
 * starting right after a '/', is followed by `max` more copies of itself. Every such X is a whole
 * number of segments, so for each run length p this looks for `max * p` consecutive segments each
 * equal to the one p before it. No backtracking: at most segments² / (max + 1) comparisons.
 */
export function hasRepeatedSegments(uri: string, max: number): boolean {
  const segments = slashTerminatedSegments(uri);
  const n = segments.length;
  for (let p = 1; p * (max + 1) <= n; p++) {
    const needed = max * p;
    let run = 0;
    for (let k = p; k < n; k++) {
      run = segments[k] === segments[k - p] ? run + 1 : 0;
      if (run >= needed) return true;
    }
  }
  return false;
}

/** The pieces between one '/' and the next, from the first '/' on (`http://h/a/b` → ['', 'h', 'a']). */
function slashTerminatedSegments(uri: string): string[] {
  const out: string[] = [];
  let start = uri.indexOf('/');
  if (start < 0) return out;
  for (let next = uri.indexOf('/', start + 1); next >= 0; next = uri.indexOf('/', start + 1)) {
    out.push(uri.slice(start + 1, next));
    start = next;
  }
  return out;
}
