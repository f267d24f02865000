import type { CrawlUri } from '../../model/crawl-uri.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

/** Heritrix's HasViaDecideRule: its decision for URIs found on another (they have a via); seeds and most mid-crawl additions have none. */
export class HasViaDecideRule extends PredicatedDecideRule {
  protected evaluate(curi: CrawlUri): boolean {
    return curi.via !== undefined;
  }
}
