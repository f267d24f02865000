import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import { validateRegexes } from './regex-issues.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { fullMatchRegex } from '../../util/java-regex.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

export const urlFilterDecideRuleComponent = defineComponent({
  name: 'UrlFilterDecideRule',
  description:
    'SMILA\'s web crawler filters (`filters.urlPatterns.include`/`exclude`, `filters.maxCrawlDepth`) as one scope rule: it rejects a ' +
    'URI that matches none of `include` (when some are given), matches any of `exclude`, or lies more than `maxCrawlDepth` hops ' +
    'from its seed, and gives no decision otherwise, so it belongs late in a scope. Expressions see the normalised URI ' +
    '(absolute, scheme and host lower-cased, default port and fragment removed, path case kept) and must match all of it. ' +
    'Seeds (SMILA\'s start URL) and prerequisites (dns:, robots.txt) are never rejected by it.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    include: {
      type: 'array', items: { type: 'string' }, default: [],
      description: 'Regular expressions: when any is given, a URI must match at least one. Empty includes everything.',
      examples: [['http://wiki\\.eclipse\\.org/SMILA/.*']],
    },
    exclude: {
      type: 'array', items: { type: 'string' }, default: [],
      description: 'Regular expressions: a URI matching any one is rejected, whatever `include` says.',
      examples: [['.*/private/.*', '.*\\?.*sessionid=.*']],
    },
    maxCrawlDepth: {
      type: 'integer', default: -1, minimum: -1,
      description:
        'The most hops from a seed a URI may be (0: seeds only); redirects and prerequisites add none. -1 has no limit.',
    },
  },
  validate: validateRegexes('include', 'exclude'),
  load: async (): Promise<ComponentClass> => UrlFilterDecideRule,
});

const PREREQ = 'P'.charCodeAt(0);

const REFER = 'R'.charCodeAt(0);

/** SMILA's crawl depth: hops from the start URL, not counting redirects (followed within one fetch) or prerequisites. */
export function crawlDepth(hopsPath: string): number {
  let depth = 0;
  for (let i = 0; i < hopsPath.length; i++) {
    const c = hopsPath.charCodeAt(i);
    if (c !== PREREQ && c !== REFER) depth++;
  }
  return depth;
}

/**
 * SMILA's web crawler filters as one rule: REJECT a URI that matches no `include` expression (when
 * there are some), that matches an `exclude` expression, or that lies deeper than `maxCrawlDepth`;
 * NONE otherwise. Seeds (SMILA's start URL) and prerequisites are left to other rules.
 */
export class UrlFilterDecideRule extends PredicatedDecideRule<typeof urlFilterDecideRuleComponent> {
  readonly #include: readonly RegExp[];
  readonly #exclude: readonly RegExp[];
  readonly #maxCrawlDepth: number;

  constructor(config: ConfigOf<typeof urlFilterDecideRuleComponent>) {
    super({ ...config, decision: 'REJECT' } as typeof config); // always REJECT, as SMILA's filters drop a URI
    this.#include = config.include.map(fullMatchRegex);
    this.#exclude = config.exclude.map(fullMatchRegex);
    this.#maxCrawlDepth = config.maxCrawlDepth;
  }

  protected evaluate(curi: CrawlUri): boolean {
    if (curi.isSeed || curi.isPrerequisite) return false;
    const uri = curi.uri;
    if (this.#include.length > 0 && !this.#include.some((r) => r.test(uri))) return true;
    if (this.#exclude.some((r) => r.test(uri))) return true;
    const max = this.#maxCrawlDepth;
    return max >= 0 && crawlDepth(curi.hopsPath) > max;
  }
}
