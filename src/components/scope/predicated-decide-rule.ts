import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';

export interface PredicatedRuleConfig {
  readonly enabled: boolean;
  readonly decision: 'ACCEPT' | 'REJECT';
}

/**
 * Heritrix's PredicatedDecideRule: answers its configured decision when `evaluate` holds, NONE
 * otherwise (and NONE when disabled). Its only possible decision lets a sequence skip it.
 */
export abstract class PredicatedDecideRule implements DecideRule {
  constructor(readonly config: PredicatedRuleConfig) {}

  decisionFor(curi: CrawlUri): DecideResult {
    if (!this.config.enabled || !this.evaluate(curi)) return DecideResult.NONE;
    return this.config.decision;
  }

  onlyDecision(): DecideResult {
    return this.config.decision;
  }

  protected abstract evaluate(curi: CrawlUri): boolean;
}
