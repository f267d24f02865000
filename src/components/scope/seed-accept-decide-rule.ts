import type { CrawlUri } from '../../model/crawl-uri.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

interface SeedAcceptConfig {
  readonly enabled: boolean;
}

/** Heritrix's SeedAcceptDecideRule: ACCEPT for seeds (never anything else), so that later rules cannot lock them out. */
export class SeedAcceptDecideRule extends PredicatedDecideRule {
  constructor(config: SeedAcceptConfig) {
    super({ ...config, decision: 'ACCEPT' });
  }

  protected evaluate(curi: CrawlUri): boolean {
    return curi.isSeed;
  }
}
