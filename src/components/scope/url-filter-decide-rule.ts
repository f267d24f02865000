import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { fullMatchRegex } from '../../util/java-regex.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';
import type { urlFilterDecideRuleComponent } from './url-filter-decide-rule.descriptor.js';

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
